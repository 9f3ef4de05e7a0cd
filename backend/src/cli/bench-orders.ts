import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { signInThroughOutbox } from './bench-support';

/**
 * `node dist/backend/cli/bench-orders.js`: how many `GET /api/orders` one server process answers.
 * Starts `node dist/backend/main.js` with the embedded default in a temporary data folder (or on the PostgreSQL
 * database of DATABASE_URL, which should be a fresh one: the bench's host keeps its orders), signs in through the
 * emailed link, buys 3 orders with the test gateway, uploads the test fixtures' photos to them and waits until they
 * are enhanced, then drives the list from a bounded number of concurrent keep-alive connections to 127.0.0.1:
 *  1. flat out for --seconds: requests/s, p50/p99 and the server's CPU;
 *  2. at a fixed --rate: p50/p99 and the server's CPU at that load;
 *  3. `GET /api/health` flat out, the same way, as the ceiling of the HTTP stack without auth or database.
 * Extra server arguments (e.g. `--cpu-prof`) go after `--node`.
 */
const usage =
  'usage: node dist/backend/cli/bench-orders.js [--connections 8] [--seconds 10] [--rate 200] [--photos <dir>] [--node <node flags...>]';
const exit = (problem?: string): never => {
  if (problem) console.error(problem);
  console.error(usage);
  process.exit(problem ? 2 : 0);
};
const args = process.argv.slice(2);
if (args.includes('--help')) exit();
const nodeAt = args.indexOf('--node');
const ownArgs = nodeAt >= 0 ? args.slice(0, nodeAt) : args;
const NODE_FLAGS = nodeAt >= 0 ? args.slice(nodeAt + 1) : [];
const numberArg = (name: string, fallback: number): number => {
  const i = ownArgs.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(ownArgs[i + 1]);
  return Number.isFinite(value) && value > 0 ? value : exit(`--${name} needs a positive number`);
};
const CONNECTIONS = numberArg('connections', 8);
const SECONDS = numberArg('seconds', 10);
const RATE = numberArg('rate', 200);
const ORDERS = 3;
/** The basic package: 5 photos, so each order is uploaded in full and enhanced like a host's. */
const PACKAGE = 'basic';
const PHOTOS_PER_ORDER = 5;
const MAIN = path.join(__dirname, '..', 'main.js');
/** The test fixtures' photos by default: small real rooms, so the orders are enhanced in seconds. */
const photosAt = ownArgs.indexOf('--photos');
const FIXTURES =
  photosAt >= 0
    ? path.resolve(ownArgs[photosAt + 1] ?? exit('--photos needs a folder'))
    : path.join(__dirname, '..', '..', '..', 'backend', 'test', 'fixtures', 'photos');
const CLOCK_TICKS = 100;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** User plus system CPU seconds the process has used so far (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ENHANCER_ENGINE: 'classic',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Five minutes: a first start creates the embedded database, which takes a while on a busy machine.
  for (let i = 0; i < 1500; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with status ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url, port };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

function client(url: string, cookie = '') {
  return (p: string, body?: unknown): Promise<Response> =>
    fetch(`${url}${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'X-Requested-With': 'bench',
        ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
}

/** Buys one order, uploads its photos and returns its id. */
async function orderWithPhotos(url: string, cookie: string, photos: string[]): Promise<string> {
  const call = client(url, cookie);
  const json = async (res: Promise<Response>) => (await res).json() as Promise<Record<string, string>>;
  const intent = await json(call('/api/create-payment-intent', { packageType: PACKAGE }));
  await call(`/api/test-payments/${intent.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' });
  const { orderId } = await json(call('/api/complete-purchase', { paymentIntentId: intent.paymentIntentId }));
  const form = new FormData();
  form.append('orderId', orderId);
  for (const file of photos) {
    form.append('photos', new Blob([fs.readFileSync(file)], { type: 'image/jpeg' }), path.basename(file));
  }
  const res = await call('/api/photos/upload', form);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return orderId;
}

async function waitUntilCompleted(url: string, cookie: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const orders = (await (await client(url, cookie)('/api/orders')).json()) as { status: string }[];
    if (orders.every((o) => o.status === 'completed')) return;
    if (Date.now() > deadline) throw new Error('the orders did not complete within 10 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

interface Run {
  requests: number;
  failed: number;
  seconds: number;
  latencies: number[];
  cpu: number;
}

/**
 * GETs `pathname` from `connections` keep-alive sockets for `seconds`: each connection sends its next request when
 * the previous one is answered, waiting first for its turn when `rate` (requests/s over all connections) is given.
 */
async function drive(
  port: number,
  pid: number,
  pathname: string,
  cookie: string,
  seconds: number,
  rate?: number,
): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const cpuBefore = cpuSeconds(pid);
  const end = started + seconds * 1000;
  let sent = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path: pathname, agent, headers: { Cookie: cookie } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else failed++;
          resolve();
        });
      });
      req.on('error', () => {
        failed++;
        resolve();
      });
    });
  const connection = async () => {
    while (performance.now() < end) {
      if (rate) {
        const due = started + (sent++ * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (performance.now() >= end) break;
      }
      await one();
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = (cpuSeconds(pid) - cpuBefore) / elapsed;
  agent.destroy();
  return { requests: latencies.length, failed, seconds: elapsed, latencies, cpu };
}

function describe(label: string, run: Run): string {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  const failures = run.failed ? `, ${run.failed} failed` : '';
  return (
    `${label}: ${(run.requests / run.seconds).toFixed(0)} requests/s (${run.requests} in ${run.seconds.toFixed(1)} s` +
    `${failures}), p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, server CPU ${(run.cpu * 100).toFixed(0)} % of a core ` +
    `(${((run.cpu * run.seconds * 1000) / run.requests).toFixed(2)} ms of CPU per request)`
  );
}

async function main(): Promise<void> {
  const fixtures = fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.jpg'))
    .sort()
    .map((f) => path.join(FIXTURES, f));
  if (fixtures.length < PHOTOS_PER_ORDER) exit(`need ${PHOTOS_PER_ORDER} photos in ${FIXTURES}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  const { child, url, port } = await startServer(dataDir);
  const pid = child.pid!;
  try {
    const cookie = await signInThroughOutbox(url, dataDir, 'bench@example.com');
    for (let i = 0; i < ORDERS; i++) await orderWithPhotos(url, cookie, fixtures.slice(0, PHOTOS_PER_ORDER));
    await waitUntilCompleted(url, cookie);
    const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded (PGlite)';
    console.log(
      `server pid ${pid}, ${os.cpus().length} cores, ${database}, ${ORDERS} completed orders of ${PHOTOS_PER_ORDER} ` +
        `photos, ${CONNECTIONS} connections, ${SECONDS} s per run`,
    );
    // What the process spends with no request at all: part of every figure below, however many requests share it.
    const idleFrom = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 5000));
    console.log(`idle: server CPU ${(((cpuSeconds(pid) - idleFrom) / 5) * 100).toFixed(0)} % of a core`);
    await drive(port, pid, '/api/orders', cookie, Math.min(2, SECONDS));
    console.log(describe('GET /api/orders, flat out', await drive(port, pid, '/api/orders', cookie, SECONDS)));
    console.log(describe(`GET /api/orders at ${RATE}/s`, await drive(port, pid, '/api/orders', cookie, SECONDS, RATE)));
    console.log(describe('GET /api/health, flat out', await drive(port, pid, '/api/health', '', SECONDS)));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
