import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { roomWithFaces } from '../../libs/engine/test/fixtures/cartoon-faces';
import {
  chromiumAvailable,
  hostSuite,
  openBasicCheckout,
  payWithTestCard,
  REPO_ROOT,
  SCREENSHOT_DIR,
  seriousAxeViolations,
  signIn,
  uploadUntilDelivered,
  WIDTHS,
} from './support';

/** Four of the CC BY 4.0 bedrooms the backend tests use (credits in their NOTICE.md), and a drawn room with faces. */
const FIXTURES = path.join(REPO_ROOT, 'backend', 'test', 'fixtures', 'photos');

const suite = chromiumAvailable() ? describe : describe.skip;

/**
 * The privacy blur on the host's path: ticked beside the look where the order is started, paid for, five photos
 * uploaded (one a room with two people), the faces blurred and named under the photo in the gallery, and the
 * adjustment panel offering the photo without the blur. Screenshots at phone and desktop widths.
 */
suite('privacy blur in the browser', () => {
  const host = hostSuite({ ENHANCER_ENGINE: 'classic' }, { photoDir: 'privacy-blur' });

  it('asks for the blur when buying, and sees the faces blurred and the blur offered per photo', async () => {
    const page = await host.context.newPage();
    await signIn(page, host.server, 'privacy-host@example.com');
    const blur = page.getByRole('checkbox', { name: 'Blur faces and licence plates' });
    await blur.check();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await blur.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `privacy-blur-option-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await openBasicCheckout(page);
    const orderId = await payWithTestCard(page);

    const room = await roomWithFaces(1600, 1000, [
      { cx: 420, cy: 380, size: 90, skin: '#e0b090' },
      { cx: 1100, cy: 450, size: 220, skin: '#8a5a3a' },
    ]);
    const people = path.join(host.photoDir, 'living-room-with-guests.jpg');
    await sharp(Buffer.from(room.data), { raw: { width: room.width, height: room.height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toFile(people);
    const bedrooms = fs
      .readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .slice(0, 4)
      .map((f) => path.join(FIXTURES, f));
    await uploadUntilDelivered(page, [people, ...bedrooms], 180_000);

    await page.goto(`${host.server.baseUrl}/gallery?order=${orderId}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'All Photos (5)' }).waitFor();
    await page
      .getByRole('list', { name: 'All photos' })
      .getByRole('button', { name: /living-room-with-guests/ })
      .click();
    await page.getByRole('list', { name: 'What we changed' }).getByText('Blurred 2 faces for privacy').waitFor();
    await page.getByRole('button', { name: 'Ask for an adjustment' }).click();
    const form = page.getByRole('form', { name: 'Ask for an adjustment' });
    const perPhoto = form.getByRole('checkbox', { name: 'Blur faces and licence plates' });
    await expect(perPhoto.isChecked()).resolves.toBe(true);
    await form.getByText('Blurred as delivered; your original stays as it is.').waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gallery-privacy-${width}.png`), fullPage: true });
    }
    await page.close();
  }, 360_000);
});
