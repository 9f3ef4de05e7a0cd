import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
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

/** The CC BY 4.0 bedrooms the backend tests use (credits in their NOTICE.md). */
const FIXTURES = path.join(REPO_ROOT, 'backend', 'test', 'fixtures', 'photos');
const WIDTH = 1200;
const HEIGHT = 800;

const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const toSrgb = (v: number) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

/** EXIF as a phone writes it: camera, capture time to the millisecond, exposure time, f-number, ISO. */
const exif = (taken: Date, exposureTime: string) => ({
  IFD0: { Make: 'Google', Model: 'Pixel 8' },
  IFD2: {
    DateTimeOriginal: taken.toISOString().slice(0, 19).replace(/-/g, ':').replace('T', ' '),
    SubSecTimeOriginal: String(taken.getUTCMilliseconds()).padStart(3, '0'),
    ExposureTime: exposureTime,
    FNumber: '17/10',
    ISOSpeedRatings: '100',
  },
});

/**
 * A phone's auto bracket of one bedroom (-2, 0, +2 EV, 400 ms apart, each frame drifting 3 px as a hand does): the
 * scene is scaled in linear light and clipped, so the bright frame blows the window out and the dark one keeps it;
 * and four single shots of the other bedrooms, a minute apart.
 */
async function makeFrames(dir: string): Promise<string[]> {
  const names = fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.jpg'))
    .sort();
  const start = new Date(Date.UTC(2025, 5, 1, 10, 0, 0));
  const { data } = await sharp(path.join(FIXTURES, names[4]))
    .resize(WIDTH + 12, HEIGHT + 12, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const linear = Float32Array.from(data, (v) => toLinear(v / 255));
  const bracket = [
    { ev: 0, time: '1/60' },
    { ev: -2, time: '1/240' },
    { ev: 2, time: '1/15' },
  ];
  const files: string[] = [];
  for (const [i, { ev, time }] of bracket.entries()) {
    const frame = Buffer.alloc(WIDTH * HEIGHT * 3);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const from = ((y + i * 3) * (WIDTH + 12) + x + i * 3) * 3;
        for (let c = 0; c < 3; c++) {
          frame[(y * WIDTH + x) * 3 + c] = Math.round(255 * toSrgb(Math.min(1, linear[from + c] * 2 ** ev)));
        }
      }
    }
    const file = path.join(dir, `PXL_bedroom_${i + 1}.jpg`);
    await sharp(frame, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: 90 })
      .withExif(exif(new Date(start.getTime() + i * 400), time))
      .toFile(file);
    files.push(file);
  }
  for (const [i, name] of names.slice(0, 4).entries()) {
    const file = path.join(dir, `PXL_room_${i + 1}.jpg`);
    await sharp(path.join(FIXTURES, name))
      .resize(WIDTH, HEIGHT, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .withExif(exif(new Date(start.getTime() + (i + 1) * 60_000), '1/60'))
      .toFile(file);
    files.push(file);
  }
  return files;
}

const suite = chromiumAvailable() ? describe : describe.skip;

/**
 * A host with a bracket among their photos, in Chromium against the built app: seven files for a five-photo package,
 * the widget shows the bracket as one photo ("3 frames → 1 photo") before anything is spent, the upload takes five
 * credits, and the gallery delivers the merged photo and says so.
 */
suite('a host uploads an exposure bracket and gets one merged photo', () => {
  const host = hostSuite({ ENHANCER_ENGINE: 'listing' }, { photoDir: 'bracket-upload' });

  it('groups the bracket in the widget, uploads five photos and shows the merged one in the gallery', async () => {
    const page = await host.context.newPage();
    const orderId = await signInBuyAndOpenOrder(page, host.server, 'bracket-host@example.com');

    await pickPhotos(page, await makeFrames(host.photoDir));
    await page.getByText('3 frames → 1 photo').waitFor();
    const frames = page.getByRole('list', { name: 'Frames of PXL_bedroom_1.jpg' }).getByRole('img');
    expect(await frames.count()).toBe(3);
    await page.getByText('they count delivered photos, not files').waitFor();

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // The whole page: at a phone's width the widget is taller than the screen and the header would cover it.
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `bracket-upload-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    const response = page.waitForResponse((r) => r.url().endsWith('/api/photos/upload'));
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    const body = await (await response).json();
    expect(body.photos.map((p: { frames: number }) => p.frames)).toEqual([3, 1, 1, 1, 1]);
    expect(body.order.photos_remaining).toBe(0);
    // The page reloads after the upload and completes on its own (the pending page polls every 10 s).
    await page.getByRole('heading', { name: 'Your enhanced photos' }).waitFor({ timeout: 120_000 });

    await page.goto(`${host.server.baseUrl}/gallery?order=${orderId}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'All Photos (5)' }).waitFor();
    await page.getByRole('list', { name: 'All photos' }).getByRole('button').first().click();
    const changes = page.getByRole('list', { name: 'What we changed' });
    await changes.waitFor();
    expect((await changes.getByRole('listitem').allTextContents())[0]).toMatch(/^Merged 3 exposures/);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `bracket-gallery-${width}.png`), fullPage: true });
    }
    await page.close();
  }, 300_000);
});
