import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import {
  chromiumAvailable,
  CHROMIUM,
  launchBrowser,
  loadWholePage,
  type RunningServer,
  SCREENSHOT_DIR,
  seriousAxeViolations,
  startServer,
  WIDTHS,
} from './support';

const PUBLIC_PAGES = [
  { name: 'landing', path: '/' },
  { name: 'contact', path: '/contact' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'terms-of-service', path: '/terms-of-service' },
  { name: 'cookie-policy', path: '/cookie-policy' },
  { name: 'not-found', path: '/no-such-page' },
];

if (!chromiumAvailable()) {
  // A clear reason in the output instead of a failure on machines without Debian's Chromium.
  console.warn(`Skipping the browser suite: no Chromium at ${CHROMIUM} (apt-get install chromium).`);
}
const suite = chromiumAvailable() ? describe : describe.skip;

suite('public pages in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Anything the app's Content-Security-Policy refused, on any page opened: the client must need nothing else. */
  const cspViolations: string[] = [];
  afterAll(() => expect(cspViolations).toEqual([]));

  async function open(path: string, width: number, consent: 'accept' | 'reject' | 'ask' = 'reject'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    if (consent !== 'ask') {
      // Decide the cookie question up front, as a returning visitor would have, so the banner does not cover pages.
      const choice = consent === 'accept';
      await context.addInitScript(
        (value) => window.localStorage.setItem('cookie-consent', value),
        JSON.stringify({
          version: 1,
          essential: true,
          performance: choice,
          analytics: choice,
          advertising: choice,
          decidedAt: new Date().toISOString(),
        }),
      );
    }
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${path}: ${message.text()}`);
    });
    await page.goto(server.baseUrl + path, { waitUntil: 'networkidle' });
    return page;
  }

  it('shows the landing page with its title, sections and consent banner', async () => {
    const page = await open('/', 1440, 'ask');
    await expect(page.title()).resolves.toMatch(/professional listing photos/i);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/professional listing photos/i);
    for (const id of ['signup-form', 'how-it-works', 'testimonials', 'before-after', 'pricing', 'faq']) {
      expect(await page.locator(`#${id}`).count()).toBe(1);
    }
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner.count()).resolves.toBe(0);
    const stored = await page.evaluate(() => window.localStorage.getItem('cookie-consent'));
    expect(JSON.parse(stored!)).toMatchObject({ analytics: true });
    await page.context().close();
  });

  it('drags a before/after slider with the mouse and moves it with the keyboard', async () => {
    const page = await open('/', 1440);
    const slider = page.getByRole('slider', { name: /Kitchen/ });
    await slider.scrollIntoViewIfNeeded();
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');

    const frame = page.locator('#before-after').getByTestId('before-after-frame').nth(1);
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const dragged = Number(await slider.getAttribute('aria-valuenow'));
    expect(dragged).toBeGreaterThanOrEqual(18);
    expect(dragged).toBeLessThanOrEqual(22);

    // The before image is clipped to the handle.
    const clip = await frame
      .locator('img')
      .nth(1)
      .evaluate((img) => (img as HTMLImageElement).style.clipPath);
    expect(clip).toMatch(/inset\(0(px)? 8\d(\.\d+)?% 0(px)? 0(px)?\)/);

    await slider.focus();
    await page.keyboard.press('End');
    expect(await slider.getAttribute('aria-valuenow')).toBe('100');
    await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuenow')).toBe('95');
    await page.context().close();
  });

  it('drags a slider by touch on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(server.baseUrl + '/', { waitUntil: 'networkidle' });
    const frame = page.getByTestId('before-after-frame').first();
    await frame.scrollIntoViewIfNeeded();
    const box = (await frame.boundingBox())!;
    const y = box.y + box.height / 2;
    // Pointer events with pointerType 'touch', as a finger produces them.
    const client = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      client.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', box.x + box.width * 0.5);
    await touch('touchMove', box.x + box.width * 0.7);
    await touch('touchMove', box.x + box.width * 0.8);
    await touch('touchEnd', box.x + box.width * 0.8);
    const value = Number(await frame.getByRole('slider').getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(75);
    await context.close();
  });

  it('opens two FAQ items at once', async () => {
    const page = await open('/', 1440);
    const first = page.getByRole('button', { name: 'Is there a free trial?' });
    const second = page.getByRole('button', { name: 'How long does it take to get my photos?' });
    await first.click();
    await second.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    await expect(page.getByText(/we do not offer a free trial/i).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/express 3-hour turnaround\. We email you/i).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it("'Transform my photos now' scrolls to pricing; picking a package signed out scrolls to the signup form", async () => {
    const page = await open('/', 1440);
    await page.getByRole('button', { name: 'Transform my photos now' }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById('pricing')!.getBoundingClientRect().top;
      return Math.abs(top) < 120;
    });
    await page.getByRole('button', { name: 'Choose Standard' }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById('signup-form')!.getBoundingClientRect().top;
      return Math.abs(top) < 140;
    });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('validates and submits the contact form, and records the analytics event', async () => {
    const page = await open('/contact', 1440, 'accept');
    const analyticsEvents: { event: string; properties: object }[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/analytics/events')) analyticsEvents.push(...JSON.parse(req.postData()!).events);
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 2 characters',
      'Message must be at least 10 characters',
    ]) {
      await expect(page.getByText(message).isVisible()).resolves.toBe(true);
    }

    await page.getByLabel('Name').fill('Maria Host');
    await page.getByLabel('Email').fill('maria@example.com');
    await page.getByLabel('Subject').fill('Browser test');
    await page.getByLabel('Message').fill('Hello from the browser journey, please ignore.');
    const sent = page.waitForResponse((res) => res.url().endsWith('/api/contact') && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByText('Message Sent!', { exact: true }).waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('');

    // With analytics consent, the event reaches the server's database adapter within the 5 s flush.
    const deadline = Date.now() + 10_000;
    while (!analyticsEvents.some((e) => e.event === 'Contact Form Submission') && Date.now() < deadline) {
      await page.waitForTimeout(250);
    }
    expect(analyticsEvents.find((e) => e.event === 'Contact Form Submission')?.properties).toEqual({
      subject: 'Browser test',
    });

    if (server.dataDir) {
      const outbox = path.join(server.dataDir, 'outbox');
      const mails = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      const texts = mails.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
      expect(texts.some((t) => t.includes('[Contact] Browser test'))).toBe(true);
    }
    await page.context().close();
  });

  for (const width of WIDTHS) {
    it(`has no serious accessibility violations and no sideways scroll at ${width} px; saves screenshots`, async () => {
      const problems: string[] = [];
      for (const { name, path: route } of PUBLIC_PAGES) {
        const page = await open(route, width);
        await loadWholePage(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${route} at ${width}px scrolls sideways by ${overflow}px`);
        for (const v of await seriousAxeViolations(page)) {
          problems.push(
            `${route} at ${width}px: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        }
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
        await page.context().close();
      }
      // The token debug page with a server answer shown: a long answer scrolls sideways and must take focus.
      const debug = await open('/auth/test#access_token=not-a-real-token&refresh_token=r', width);
      await debug.getByRole('button', { name: 'Verify Token' }).click();
      await debug.getByLabel('Server response').waitFor();
      for (const v of await seriousAxeViolations(debug))
        problems.push(`/auth/test with an answer at ${width}px: ${v.id} ${v.help}`);
      await debug.context().close();
      // The consent banner itself, as a first-time visitor sees it.
      const page = await open('/', width, 'ask');
      for (const v of await seriousAxeViolations(page))
        problems.push(`consent banner at ${width}px: ${v.id} ${v.help}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `consent-banner-${width}.png`) });
      await page.context().close();
      expect(problems).toEqual([]);
    });
  }
});
