import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const BUILD_DIR = path.join(ROOT, 'dist', 'test-server');

let built = false;
const compile = (cwd: string, outDir: string) =>
  execFileSync(
    path.join(ROOT, 'node_modules', '.bin', 'swc'),
    ['src', '-d', outDir, '--strip-leading-paths', '--config-file', '.swcrc', '--ignore', '**/*.spec.ts', '--quiet'],
    { cwd, stdio: 'inherit' },
  );

/**
 * Compiles the backend once per test process (swc, about a second) so tests can run it as a real process, and the
 * libraries it loads by package name into their dist/ (their packages' main), so it runs on the sources under test.
 */
export function buildServer(): string {
  if (!built) {
    for (const library of ['contracts', 'engine']) compile(path.join(ROOT, 'libs', library), 'dist');
    compile(path.join(ROOT, 'backend'), BUILD_DIR);
    built = true;
  }
  return path.join(BUILD_DIR, 'main.js');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export type WorkerProcess = Omit<ServerProcess, 'url'>;

/** Starts `node main.js` with the given environment and waits for /api/health. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const main = buildServer();
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, output: () => output, stop: stopper(child) };
}

/** Starts `node worker.js` (APP_ROLE=worker: consumers only, no HTTP) and waits until it consumes. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  buildServer();
  let output = '';
  const child = spawn(process.execPath, [path.join(BUILD_DIR, 'worker.js')], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!output.includes('worker is consuming jobs')) {
    if (child.exitCode !== null) throw new Error(`worker exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output, stop: stopper(child) };
}

/** Sends `signal` and resolves with the exit code (null when the signal itself ended the process). */
function stopper(child: ChildProcess): (signal?: NodeJS.Signals) => Promise<number | null> {
  return (signal = 'SIGTERM') =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });
}

export function removeBuild(): void {
  fs.rmSync(BUILD_DIR, { recursive: true, force: true });
}
