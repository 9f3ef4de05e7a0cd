import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  chromiumAvailable,
  hostSuite,
  pickPhotos,
  REPO_ROOT,
  SCREENSHOT_DIR,
  seriousAxeViolations,
  signInBuyAndOpenOrder,
  WIDTHS,
} from './support';

/** Two of the CC BY 4.0 bedrooms the backend tests use (credits in their NOTICE.md), both 800 x 600. */
const FIXTURES = path.join(REPO_ROOT, 'backend', 'test', 'fixtures', 'photos');
const BEDROOM = path.join(FIXTURES, 'bedroom-usa-raashi-saxena.jpg');
const OTHER_BEDROOM = path.join(FIXTURES, 'bedroom-india-priya-gupta.jpg');

/** Five photos made from the bedrooms: one that passes every check and one made to fail each of four. */
async function makePhotos(dir: string): Promise<string[]> {
  const large = () => sharp(BEDROOM).resize(1600, 1200);
  const photos: [string, Sharp][] = [
    ['living-room.jpg', large().jpeg({ quality: 90 })],
    ['small-bedroom.jpg', sharp(OTHER_BEDROOM).jpeg({ quality: 90 })],
    ['hallway.jpg', sharp(BEDROOM).extract({ left: 200, top: 0, width: 450, height: 600 }).resize(768, 1024).jpeg()],
    ['shaky-kitchen.jpg', sharp(BEDROOM).flop().resize(1600, 1200).blur(6).jpeg()],
    ['living-room-2.jpg', large().resize(1200, 900).jpeg({ quality: 60 })],
  ];
  return Promise.all(
    photos.map(async ([name, image]) => {
      const file = path.join(dir, name);
      await image.toFile(file);
      return file;
    }),
  );
}

const suite = chromiumAvailable() ? describe : describe.skip;

/** The checks run in the browser as photos are picked: a flagged photo shows its badge beside its preview. */
suite('photo checks in the upload widget', () => {
  const host = hostSuite({ ENHANCER_ENGINE: 'classic' }, { photoDir: 'upload-checks' });

  it('badges the small, portrait, blurred and duplicate photos, and still lets all five be uploaded', async () => {
    const page = await host.context.newPage();
    await signInBuyAndOpenOrder(page, host.server, 'checks-host@example.com');

    await pickPhotos(page, await makePhotos(host.photoDir));
    const badges = async (name: string) => {
      const list = page.getByRole('list', { name: `Checks for ${name}` });
      await list.waitFor();
      return list.getByRole('listitem').allTextContents();
    };

    expect(await badges('small-bedroom.jpg')).toEqual(['Too small for Airbnb: 800 x 600, needs 1024 x 683']);
    expect(await badges('hallway.jpg')).toEqual(['Portrait: listing sites show landscape photos first']);
    expect(await badges('shaky-kitchen.jpg')).toEqual(['Looks blurred']);
    expect(await badges('living-room-2.jpg')).toEqual(['Looks like a duplicate of living-room.jpg']);
    expect(await page.getByRole('list', { name: 'Checks for living-room.jpg' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload Photos' }).isEnabled()).toBe(true);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const widget = page.getByTestId('upload-drop-zone');
      await widget.scrollIntoViewIfNeeded();
      await widget.screenshot({ path: path.join(SCREENSHOT_DIR, `upload-checks-${width}.png`) });
      // Nothing spills past the widget at a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The server agrees: the upload goes through and answers with the same checks.
    const response = page.waitForResponse((r) => r.url().endsWith('/api/photos/upload'));
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    const body = await (await response).json();
    expect(body.photos.map((p: { checks: { code: string }[] }) => p.checks.map((c) => c.code))).toEqual([
      [],
      ['too_small'],
      ['portrait'],
      ['blurred'],
      ['duplicate'],
    ]);
  });
});
