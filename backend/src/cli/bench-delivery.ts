import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { signInThroughOutbox } from './bench-support';

/**
 * `npm run bench:delivery`: the upload-to-delivery targets, measured on a real server process.
 *  1. 40 files of ~10 MB in one upload request: the api's RSS growth.
 *  2. Zip of a 40-photo order: time to first byte and RSS growth while it streams.
 *  3. A 40-photo order of 12 MP photos: seconds from the last uploaded byte to `completed` (default engine).
 * Usage: npm run bench:delivery -- [--photos <dir>] [--count 40] [--engine listing|learned]
 * Photos come from ../shared/data/photos beside the repository unless --photos names a folder (its rooms, exposure,
 * lowlight-phone and fivek-dev/input sets when it has them, otherwise every photo under it).
 */
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SHARED_PHOTOS = path.join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'photos');
const photosArg: string | undefined = arg('photos', SHARED_PHOTOS);
if (!photosArg) {
  console.error('--photos needs a folder');
  process.exit(2);
}
const PHOTOS = path.resolve(photosArg);
if (!fs.existsSync(PHOTOS) || !fs.statSync(PHOTOS).isDirectory()) {
  console.error(`No photos folder at ${PHOTOS}: pass one with --photos <dir>`);
  process.exit(2);
}
const COUNT = Number(arg('count', '40'));
// An order only starts processing once every credit has a photo, so the count must be a package size.
const PACKAGE = ({ 5: 'basic', 20: 'standard', 40: 'premium' } as Record<number, string>)[COUNT];
if (!PACKAGE) throw new Error('--count must be 5, 20 or 40 (a package size)');
const ENGINE = arg('engine', 'listing');
const MAIN = path.join(__dirname, '..', 'main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Samples a process's RSS every 20 ms while `work` runs; returns the work's result and the peak. */
async function withPeakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; peak: number; before: number }> {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  try {
    const result = await work();
    peak = Math.max(peak, rssMb(pid));
    return { result, peak, before };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Times GET /api/health every 100 ms until stopped: what any request meets while the same process is enhancing
 * (the one-process default), so a blocked event loop shows as a long tail.
 */
function probeLatency(url: string): () => Promise<{ count: number; p50: number; p99: number; max: number }> {
  const samples: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) samples.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
  };
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ENHANCER_ENGINE: ENGINE,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Two minutes: a first start creates the embedded database, which takes a while on a busy machine.
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

async function buyOrder(url: string, cookie: string): Promise<string> {
  const post = (p: string, body: unknown) =>
    fetch(`${url}${p}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'bench', Cookie: cookie },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, string>>);
  const intent = await post('/api/create-payment-intent', { packageType: PACKAGE });
  await post(`/api/test-payments/${intent.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' });
  return (await post('/api/complete-purchase', { paymentIntentId: intent.paymentIntentId })).orderId;
}

async function upload(url: string, cookie: string, orderId: string, files: Buffer[]): Promise<number> {
  const form = new FormData();
  form.append('orderId', orderId);
  files.forEach((data, i) => form.append('photos', new Blob([data], { type: 'image/jpeg' }), `photo-${i}.jpg`));
  const res = await fetch(`${url}/api/photos/upload`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'bench', Cookie: cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return res.status;
}

/** A real photo, enlarged to 12 MP and saved as a large, high-quality JPEG like a phone's. */
async function phonePhoto(source: string, maxBytes: number): Promise<Buffer> {
  for (const quality of [97, 93, 88, 82, 75]) {
    const out = await sharp(source)
      .resize(4000, 3000, { fit: 'cover' })
      .jpeg({ quality, chromaSubsampling: '4:4:4' })
      .toBuffer();
    if (out.length <= maxBytes) return out;
  }
  throw new Error(`cannot fit ${source} under ${maxBytes} bytes`);
}

/** Just under 10 MB per file: a 12 MP frame of pure noise, which JPEG cannot shrink, at the best quality that fits. */
async function tenMegabyteJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = randomBytes(width * height * 3);
  for (const quality of [64, 62, 60, 58, 55, 50]) {
    const out = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality, chromaSubsampling: '4:4:4' })
      .toBuffer();
    if (out.length <= 10 * 1024 * 1024) return out;
  }
  throw new Error('could not make a 10 MB JPEG');
}

const PHOTO_FILE = /\.(png|jpe?g|tiff?|webp)$/i;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => PHOTO_FILE.test(f));
}

/** `count` photo files, taken again from the start when the folder has fewer: every credit needs a photo. */
function photoFiles(root: string, count: number): string[] {
  const sets = ['rooms', 'exposure', 'lowlight-phone', 'fivek-dev/input'].map((set) => path.join(root, set));
  const present = sets.filter((dir) => fs.existsSync(dir));
  const files = present.length ? present.flatMap(filesUnder) : filesUnder(root);
  if (!files.length) {
    console.error(`No photos (png, jpg, tif, webp) under ${root}`);
    process.exit(2);
  }
  return Array.from({ length: count }, (_, i) => files[i % files.length]);
}

const SOURCES = photoFiles(PHOTOS, COUNT);

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-delivery-'));
  const { child, url } = await startServer(dataDir);
  const pid = child.pid!;
  try {
    const cookie = await signInThroughOutbox(url, dataDir, 'bench@example.com');
    console.log(`server pid ${pid}, engine ${ENGINE}, ${os.cpus().length} cores`);

    // 3. A 12 MP order, last uploaded byte to completed.
    const photos = await Promise.all(SOURCES.map((s) => phonePhoto(s, 10 * 1024 * 1024)));
    const order = await buyOrder(url, cookie);
    await upload(url, cookie, order, photos);
    const started = Date.now();
    const stopProbe = probeLatency(url);
    let status = '';
    let peakDuring = 0;
    while (status !== 'completed') {
      await new Promise((r) => setTimeout(r, 1000));
      peakDuring = Math.max(peakDuring, rssMb(pid));
      // A poll can meet a keep-alive socket the server is just closing; the next poll simply tries again.
      const res = await fetch(`${url}/api/orders/${order}`, { headers: { Cookie: cookie } }).catch(() => undefined);
      if (res) status = ((await res.json()) as { status: string }).status;
      if (Date.now() - started > 60 * 60_000) throw new Error('order did not complete within an hour');
    }
    const seconds = (Date.now() - started) / 1000;
    const latency = await stopProbe();
    console.log(
      `api latency while enhancing (GET /api/health, ${latency.count} requests): p50 ${latency.p50.toFixed(0)} ms, p99 ${latency.p99.toFixed(0)} ms, max ${latency.max.toFixed(0)} ms`,
    );
    console.log(
      `order: ${photos.length} photos of 12 MP (${(photos.reduce((a, b) => a + b.length, 0) / photos.length / 1048576).toFixed(1)} MB each) completed ${seconds.toFixed(0)} s after the last uploaded byte (${(seconds / photos.length).toFixed(1)} s per photo); process peak RSS ${peakDuring.toFixed(0)} MB`,
    );

    // 2. Zip of that 40-photo order.
    const zip = await withPeakRss(pid, async () => {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/orders/${order}/download`, { headers: { Cookie: cookie } });
      const reader = res.body!.getReader();
      let first = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!first) first = performance.now() - t0;
        bytes += value.length;
      }
      return { first, total: performance.now() - t0, bytes };
    });
    console.log(
      `zip: ${(zip.result.bytes / 1048576).toFixed(0)} MB; first byte ${zip.result.first.toFixed(0)} ms, whole ${(zip.result.total / 1000).toFixed(1)} s; api RSS ${zip.before.toFixed(0)} -> peak ${zip.peak.toFixed(0)} MB (growth ${(zip.peak - zip.before).toFixed(0)} MB)`,
    );

    // 1, measured last: that order starts processing too, and must not queue ahead of the timed one.
    const big = await tenMegabyteJpeg();
    const bigOrder = await buyOrder(url, cookie);
    const up = await withPeakRss(pid, () => upload(url, cookie, bigOrder, Array(COUNT).fill(big)));
    console.log(
      `upload: ${COUNT} files x ${(big.length / 1048576).toFixed(1)} MB in one request; api RSS ${up.before.toFixed(0)} -> peak ${up.peak.toFixed(0)} MB (growth ${(up.peak - up.before).toFixed(0)} MB)`,
    );
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
