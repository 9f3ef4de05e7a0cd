import fs from 'node:fs';
import path from 'node:path';
import { type Page } from 'playwright-core';
import sharp from 'sharp';
import {
  chromiumAvailable,
  hostSuite,
  loadWholePage,
  openBasicCheckout,
  payWithTestCard,
  REPO_ROOT,
  SCREENSHOT_DIR,
  seriousAxeViolations,
  signIn,
  uploadUntilDelivered,
  WIDTHS,
} from './support';

/** The five CC BY 4.0 bedrooms the backend tests use too (credits in their NOTICE.md). */
const FIXTURES = path.join(REPO_ROOT, 'backend', 'test', 'fixtures', 'photos');
const EMAIL = 'journey-host@example.com';

/** Entries of a stored zip with their bytes, from its central directory. */
function zipEntries(zip: Buffer): { name: string; data: Buffer }[] {
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i + 46 <= zip.length; i++) {
    if (zip.readUInt32LE(i) !== 0x02014b50) continue;
    const size = zip.readUInt32LE(i + 20);
    const nameLength = zip.readUInt16LE(i + 28);
    const offset = zip.readUInt32LE(i + 42);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    entries.push({ name: zip.toString('utf8', i + 46, i + 46 + nameLength), data: zip.subarray(start, start + size) });
  }
  return entries;
}

const suite = chromiumAvailable() ? describe : describe.skip;

/**
 * A host after the purchase, in Chromium against the built app: signs in by the emailed link, pays with the test
 * card, uploads five real phone photos through the upload widget, watches the order page fill, then compares
 * before and after on the completed order page and in that order's gallery, at phone and desktop widths.
 */
suite('a host from purchase to a compared, delivered photo', () => {
  // The classical engine keeps the journey quick on a two-core machine; the learned path has its own tests.
  const host = hostSuite({ ENHANCER_ENGINE: 'classic' }, { acceptDownloads: true });
  let orderId: string;
  const cspViolations: string[] = [];

  beforeAll(() => {
    host.context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  });
  afterAll(() => expect(cspViolations).toEqual([]));

  const openPage = async (route: string): Promise<Page> => {
    const page = await host.context.newPage();
    await page.goto(host.server.baseUrl + route, { waitUntil: 'networkidle' });
    return page;
  };

  it('signs in by the emailed link, picks a warm look and pays for it at the checkout', async () => {
    const page = await host.context.newPage();
    await signIn(page, host.server, EMAIL);

    // The looks come before the packages, each with its before/after of the example room; the arrow keys choose.
    const looks = page.getByRole('group', { name: 'Choose a look for your photos' });
    await loadWholePage(page);
    const examples = await looks
      .locator('img')
      .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.naturalWidth));
    expect(examples).toHaveLength(8);
    expect(examples.every((w) => w > 0)).toBe(true);
    await looks.getByRole('radio', { name: 'Listing look' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(looks.getByRole('radio', { name: 'Warm' }).isChecked()).resolves.toBe(true);
    await looks.getByText(/^Example photo: Raashi Saxena/).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `look-picker-${width}.png`), fullPage: true });
    }

    await openBasicCheckout(page);
    await expect(page.getByTestId('order-look').textContent()).resolves.toBe('Look: Warm');
    orderId = await payWithTestCard(page);
    // Until the first upload the order page can still change the look.
    await expect(page.getByTestId('order-look').textContent()).resolves.toBe('Look: Warm');
    await page.getByRole('button', { name: 'Change look' }).click();
    await page.getByRole('group', { name: 'Choose another look' }).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `order-look-${width}.png`), fullPage: true });
    }
    await page.close();
  }, 120_000);

  it('uploads five photos through the widget', async () => {
    const order = await openPage(`/order?order=${orderId}`);
    const files = fs
      .readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((f) => path.join(FIXTURES, f));
    await uploadUntilDelivered(order, files, 90_000);
    await order.close();
  }, 180_000);

  it('compares before and after on the completed order page, each photo whole and named as its download', async () => {
    const page = await openPage(`/order?order=${orderId}`);
    await loadWholePage(page);
    const cards = page.locator('[data-testid^="order-photo-"]');
    await expect(cards.count()).resolves.toBe(5);

    const first = cards.first();
    const frame = first.getByTestId('before-after-frame');
    const slider = first.getByRole('slider');
    expect(await slider.getAttribute('aria-label')).toMatch(/^bedroom-.+-enhanced\.jpg: drag to compare/);
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    const dragged = Number(await slider.getAttribute('aria-valuenow'));
    expect(dragged).toBeGreaterThanOrEqual(22);
    expect(dragged).toBeLessThanOrEqual(28);

    // Both images really load, and the frame has the photo's own shape (no crop to a fixed 4:3).
    const images = await frame
      .locator('img')
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({ w: img.naturalWidth, h: img.naturalHeight })),
      );
    expect(images.every((img) => img.w > 0)).toBe(true);
    const ratio = images[0].w / images[0].h;
    expect(Math.abs(box.width / box.height - ratio)).toBeLessThan(0.02);

    // The caption names the file exactly as the download will.
    const name = (await slider.getAttribute('aria-label'))!.replace(/: drag.*$/, '');
    await expect(first.getByText(name, { exact: true }).count()).resolves.toBe(1);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `order-completed-${width}.png`), fullPage: true });
    }
    await page.close();
  });

  it('downloads the order as an Airbnb zip whose every photo meets the preset', async () => {
    const page = await openPage(`/order?order=${orderId}`);
    await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'Airbnb (3:2, up to 2400 px)' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download All Photos' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^listinglens-enhanced-photos-airbnb-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = zipEntries(fs.readFileSync(await download.path()));
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^enhanced-photos\/01-bedroom-.+-enhanced\.jpg$/)]),
    );
    expect(entries).toHaveLength(5);
    for (const { data } of entries) {
      const { width = 0, height = 0 } = await sharp(data).metadata();
      expect(Math.max(width, height) / Math.min(width, height)).toBeCloseTo(1.5, 2);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(683);
      expect(Math.max(width, height)).toBeLessThanOrEqual(2400);
    }
    await page.close();
  });

  it("opens that order's gallery on the comparison, keyboard-operable, with what was changed", async () => {
    const page = await openPage('/dashboard');
    await page.getByRole('link', { name: 'Open gallery' }).first().click();
    await page.waitForURL(new RegExp(`/gallery\\?order=${orderId}$`));
    await page.getByRole('heading', { name: 'All Photos (5)' }).waitFor();
    // One property, one look: the five bedrooms were matched, in the warm look chosen, before the order completed.
    await page.getByText('Colour and brightness matched across your 5 photos').waitFor();
    await page.getByText('Warm look, chosen for this order').first().waitFor();

    await expect(page.getByRole('tab', { name: 'Before / after' }).getAttribute('aria-selected')).resolves.toBe('true');
    const slider = page.getByRole('tabpanel').getByRole('slider');
    await slider.focus();
    await page.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuenow')).toBe('0');
    await page.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuenow')).toBe('5');

    // These are real phone photos of rooms: the engine changed something visible on at least one, and says what.
    let described = 0;
    const thumbs = page.getByRole('list', { name: 'All photos' }).getByRole('button');
    for (let i = 0; i < 5; i++) {
      await thumbs.nth(i).click();
      described += await page.getByRole('list', { name: 'What we changed' }).count();
    }
    expect(described).toBeGreaterThan(0);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gallery-compare-${width}.png`), fullPage: true });
    }
    await page.close();
  });

  it('rates a photo 2 of 5 with a note, is offered an adjustment, and finds the rating again', async () => {
    const page = await openPage(`/gallery?order=${orderId}`);
    await page.getByRole('heading', { name: 'All Photos (5)' }).waitFor();
    // The second photo: the first is the one the next step adjusts.
    const second = page.getByRole('list', { name: 'All photos' }).getByRole('button').nth(1);
    await second.click();
    const form = page.getByRole('form', { name: 'How did we do?' });
    await form.getByText('Rate this photo from 1 (poor) to 5 (excellent).').waitFor();
    await form.getByText('Fair', { exact: true }).click();
    await expect(form.getByRole('radio', { name: '2 of 5, Fair' }).isChecked()).resolves.toBe(true);
    await form.getByRole('textbox', { name: /Anything we should know/ }).fill('The window is too bright.');
    await form.getByRole('button', { name: 'Send rating' }).click();
    await page.getByText('Thanks for your rating').first().waitFor();
    await form.getByText('You rated this photo 2 out of 5.').waitFor();
    // A low rating opens the adjustment panel, inviting the host to try one.
    await page.getByRole('form', { name: 'Ask for an adjustment' }).waitFor();
    await page.getByText('Sorry it missed the mark. Try an adjustment').waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gallery-rating-${width}.png`), fullPage: true });
    }

    // Coming back, the photo shows its rating and note, and the panel is offered again rather than opened.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'All photos' }).getByRole('button').nth(1).click();
    await form.getByText('You rated this photo 2 out of 5.').waitFor();
    await expect(form.getByRole('radio', { name: '2 of 5, Fair' }).isChecked()).resolves.toBe(true);
    await expect(form.getByRole('textbox', { name: /Anything we should know/ }).inputValue()).resolves.toBe(
      'The window is too bright.',
    );
    await page.getByRole('button', { name: 'Ask for an adjustment' }).waitFor();
    await page.close();
  });

  it('asks for a brighter, airier version of a photo and sees it replace the delivered one', async () => {
    const page = await openPage(`/gallery?order=${orderId}`);
    await page.getByRole('heading', { name: 'All Photos (5)' }).waitFor();
    await page.getByText('You can ask for 1 free rework of this photo until').waitFor();
    const after = () =>
      page
        .getByRole('tabpanel')
        .getByRole('img', { name: /after enhancement$/ })
        .getAttribute('src');
    const delivered = await after();

    await page.getByRole('button', { name: 'Ask for an adjustment' }).click();
    const form = page.getByRole('form', { name: 'Ask for an adjustment' });
    await form.getByText('Bright & airy').click();
    const brightness = form.getByRole('slider', { name: 'Brightness' });
    await brightness.focus();
    await page.keyboard.press('ArrowRight');
    expect(await brightness.getAttribute('aria-valuetext')).toBe('Brighter by 1 step');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gallery-adjust-${width}.png`), fullPage: true });
    }
    await form.getByRole('button', { name: 'Request adjustment' }).click();
    await page.getByText('Adjustment requested').first().waitFor();
    await page.getByText('Adjustment in progress. The new version replaces this one when it is ready.').waitFor();

    // The gallery asks again every 10 s while an adjustment is being made; the new version then takes the place
    // of the delivered one, and this photo's free rework is used.
    await page.getByText('This photo has had its free rework.').waitFor({ timeout: 60_000 });
    expect(await after()).not.toBe(delivered);
    expect(await after()).toMatch(/-a\d+-preview\.webp$/);
    await page.close();
  }, 90_000);
});
