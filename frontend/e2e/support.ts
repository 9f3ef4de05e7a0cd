import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'bench-output', 'e2e');
export const WIDTHS = [1440, 390] as const;

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR when this process started it (for the mail outbox); undefined for E2E_BASE_URL. */
  dataDir?: string;
  stop: () => Promise<void>;
}

/**
 * E2E_BASE_URL, or the built app (`npm run build` first) on a free port with a throwaway DATA_DIR; `extraEnv` adds
 * settings for a started server (e.g. the classical engine, to keep a journey quick on a small machine).
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  if (process.env.E2E_BASE_URL) {
    return { baseUrl: process.env.E2E_BASE_URL.replace(/\/+$/, ''), stop: async () => undefined };
  }
  const main = path.join(REPO_ROOT, 'dist', 'backend', 'main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(REPO_ROOT, 'dist', 'frontend', 'index.html'))) {
    throw new Error('No build found: run `npm run build` first, or set E2E_BASE_URL to a running server.');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not become healthy in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated over the DevTools protocol rather than added as a <script>: the app's Content-Security-Policy rightly
  // refuses inline scripts, and the pages are checked under it.
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Scrolls through the page so lazy images load, then back to the top. */
export async function loadWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
  });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, {
    timeout: 10_000,
  });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A host context that has answered the cookie question (all optional cookies refused), so no banner covers pages. */
export async function hostContext(
  browser: Browser,
  server: RunningServer,
  options: { acceptDownloads?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1440, height: 900 },
    ...options,
  });
  await context.addInitScript(() =>
    window.localStorage.setItem(
      'cookie-consent',
      JSON.stringify({
        version: 1,
        essential: true,
        performance: false,
        analytics: false,
        advertising: false,
        decidedAt: new Date().toISOString(),
      }),
    ),
  );
  return context;
}

/**
 * The newest sign-in link mailed to `email`, from the embedded mailer's outbox. Quoted-printable soft breaks and
 * `=3D` are undone so the link reads the same whether the message is plain text or has an HTML part.
 */
function magicLink(dataDir: string, email: string): string | undefined {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return undefined;
  const mails = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(email));
  return mails.at(-1)?.match(/https?:\/\/[^\s"'<>]+\/auth\/confirm#[^\s"'<>]+/)?.[0];
}

/** A new host's first steps: the landing page's sign-in card and the emailed link, which lands on /package-selection. */
export async function signIn(page: Page, server: RunningServer, email: string): Promise<void> {
  await page.goto(server.baseUrl + '/', { waitUntil: 'networkidle' });
  const form = page.locator('#signup-form');
  await form.getByLabel(/email/i).fill(email);
  await form.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await form.getByText('Check your email').waitFor();
  let link: string | undefined;
  for (let tries = 0; !link && tries < 150; tries++) {
    if (tries) await new Promise((r) => setTimeout(r, 200));
    link = magicLink(server.dataDir!, email);
  }
  if (!link) throw new Error(`no sign-in email to ${email}`);
  await page.goto(link);
  await page.waitForURL(/\/package-selection$/);
}

/**
 * `signIn`, then a basic package paid with the test card through the API with the browser's own session (the
 * checkout screen has its own tests). Returns the new order's id.
 */
export async function signInAndBuy(page: Page, server: RunningServer, email: string): Promise<string> {
  await signIn(page, server, email);

  const api = { headers: { 'X-Requested-With': 'e2e' } };
  const intent = await (
    await page.request.post('/api/create-payment-intent', { ...api, data: { packageType: 'basic' } })
  ).json();
  await page.request.post(`/api/test-payments/${intent.paymentIntentId}/confirm`, {
    ...api,
    data: { cardNumber: '4242424242424242' },
  });
  const purchase = await page.request.post('/api/complete-purchase', {
    ...api,
    data: { paymentIntentId: intent.paymentIntentId },
  });
  if (purchase.status() !== 200) throw new Error(`complete-purchase: ${purchase.status()} ${await purchase.text()}`);
  return (await purchase.json()).orderId as string;
}

/** What a browser suite works with: the server, a host's browser context and a folder for the photos it makes. */
export interface HostSuite {
  server: RunningServer;
  context: BrowserContext;
  photoDir: string;
}

/**
 * A browser suite's set-up, registered on the suite that calls it: the screenshot folder, the built app started with
 * `env`, Chromium with a host context and (named by `photoDir`) a throwaway folder for photos; all stopped or removed
 * after the suite. The fields are for its hooks and tests.
 */
export function hostSuite(
  env: NodeJS.ProcessEnv,
  options: { photoDir?: string; acceptDownloads?: boolean } = {},
): HostSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let photoDir: string | undefined;
  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    if (options.photoDir) photoDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.photoDir}-`));
    server = await startServer(env);
    browser = await launchBrowser();
    context = await hostContext(browser, server, options.acceptDownloads ? { acceptDownloads: true } : {});
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (photoDir) fs.rmSync(photoDir, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`The suite's ${name} is there only inside the suite`);
    return value;
  };
  return {
    get server() {
      return ready(server, 'server');
    },
    get context() {
      return ready(context, 'browser context');
    },
    get photoDir() {
      return ready(photoDir, 'photo folder (named by the photoDir option)');
    },
  };
}

/** `signInAndBuy`, then the new order's page, where the upload widget is. Returns the order's id. */
export async function signInBuyAndOpenOrder(page: Page, server: RunningServer, email: string): Promise<string> {
  const orderId = await signInAndBuy(page, server, email);
  await page.goto(`${server.baseUrl}/order?order=${orderId}`, { waitUntil: 'networkidle' });
  return orderId;
}

/** From the package page (look and privacy chosen) to the checkout of the basic package. */
export async function openBasicCheckout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Choose Basic' }).click();
  await page.getByRole('heading', { name: 'Checkout: Basic Package' }).waitFor();
}

/** Pays at the checkout with the test card and waits for the new order's page. Returns the order's id. */
export async function payWithTestCard(page: Page): Promise<string> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await page.waitForURL(/\/order\?order=ord_/);
  return new URL(page.url()).searchParams.get('order')!;
}

/** Picks `files` in the order page's upload widget and waits until they fill a basic order's five photos. */
export async function pickPhotos(page: Page, files: string[]): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(files);
  await page.getByText('5/5 photos selected').waitFor();
}

/**
 * `pickPhotos`, the upload, and the order page showing the delivered photos: it reloads after the upload and
 * completes on its own (the pending page polls every 10 s), within `timeout` ms.
 */
export async function uploadUntilDelivered(page: Page, files: string[], timeout: number): Promise<void> {
  await pickPhotos(page, files);
  await page.getByRole('button', { name: 'Upload Photos' }).click();
  await page.getByRole('heading', { name: 'Your enhanced photos' }).waitFor({ timeout });
}
