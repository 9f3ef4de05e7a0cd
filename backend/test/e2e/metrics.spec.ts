import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { request as httpRequest } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { ConfigError, loadConfig } from '../../src/config/app-config';
import { createWorkerContext } from '../../src/create-app';
import { AppMetrics } from '../../src/shared/metrics/app-metrics';
import { WorkerMetricsServer } from '../../src/shared/metrics/worker-metrics-server';
import { InProcessJobQueue } from '../../src/shared/queue/adapters/in-process.job-queue';
import { JobQueue } from '../../src/shared/queue/job-queue';
import { createScratchDatabase, testDatabaseUrl } from '../support/postgres';
import { freePort } from '../support/server-process';
import { startTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'metrics-token-0123456789';

/** The value of one series in a Prometheus text scrape, e.g. `jobs_total{job="x",outcome="completed"}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('metrics configuration', () => {
  it('reads METRICS_TOKEN and METRICS_PORT, empty meaning unset', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' }).metrics).toEqual({ token: TOKEN, port: 9464 });
  });

  it.each([
    [{ METRICS_TOKEN: 'short' }, /^Invalid environment variable METRICS_TOKEN: must be 16 to 256 printable/],
    [{ METRICS_TOKEN: 'has a space in the middle' }, /^Invalid environment variable METRICS_TOKEN/],
    [{ METRICS_PORT: '0' }, /^Invalid environment variable METRICS_PORT/],
    [{ METRICS_PORT: 'x' }, /^Invalid environment variable METRICS_PORT: must be an integer number$/],
  ])('stops on %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('GET /api/metrics', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const scrape = async () =>
    (await http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a scraper without the right token and serves the text format to one with it', async () => {
    await http().get('/api/metrics').expect(401);
    await http().get('/api/metrics').set('Authorization', 'Bearer wrong').expect(401);
    await http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    const res = await http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
    expect(res.text).toContain('# TYPE http_requests_total counter');
    expect(res.text).toContain('listinglens_process_cpu_seconds_total');
  });

  it('counts requests by route template, never by raw URL', async () => {
    const orderId = randomUUID();
    const unknown = randomUUID();
    for (let i = 0; i < 3; i++) await http().get(`/api/orders/${orderId}`).expect(401);
    await http().get(`/api/no-such-route/${unknown}`).expect(404);
    await http().get('/api/packages').expect(200);
    await http().get('/api/packages').set('X-Requested-With', 'test').expect(200);
    // Node's parser only admits the methods it knows (WebDAV's among them); those count as one label.
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) =>
      httpRequest({ host: '127.0.0.1', port, path: `/api/${unknown}`, method: 'PROPFIND' }, (res) =>
        res.resume().on('end', resolve),
      )
        .on('error', reject)
        .end(),
    );

    const text = await scrape();
    const orders = { method: 'GET', route: '/api/orders/:id', status: '401' };
    expect(sample(text, 'http_requests_total', orders)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', orders)).toBe(3);
    expect(sample(text, 'http_requests_total', { route: '/api/packages', status: '200' })).toBe(2);
    expect(text).not.toContain('PROPFIND');
    expect(sample(text, 'http_requests_total', { method: 'OTHER', route: 'unmatched' })).toBe(1);
    expect(sample(text, 'http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(orderId);
    expect(text).not.toContain(unknown);
  });

  it('times each job run by name and outcome', async () => {
    const nonce = randomUUID();
    await t.app.get(JobQueue).enqueue('system.heartbeat', { nonce }, { jobId: `hb-${nonce}` });
    const completed = { job: 'system.heartbeat', outcome: 'completed' };
    await eventually(
      async () => sample(await scrape(), 'job_duration_seconds_count', completed) === 1,
      'the heartbeat job to be counted',
    );
    const text = await scrape();
    expect(sample(text, 'jobs_total', completed)).toBe(1);
    expect(sample(text, 'job_duration_seconds_sum', completed)).toBeGreaterThan(0);
  });

  it('reports queue depth per job and state, read from the queue at scrape time', async () => {
    const text = await scrape();
    expect(sample(text, 'queue_up')).toBe(1);
    for (const state of ['waiting', 'active', 'delayed', 'failed'])
      expect(sample(text, 'queue_jobs', { job: 'photos.enhance', state })).toBe(0);
  });

  it('counts retention purges and what they removed', async () => {
    const metrics = t.app.get(AppMetrics);
    // The scheduler's start-up tick may have counted a run (of nothing) already.
    const before = await scrape();
    metrics.recordPurge({ orders: 2, photos: 7, objects: 21, bytes: 123_456 });
    metrics.recordPurge({ orders: 1, photos: 0, objects: 0, bytes: 0 });
    const text = await scrape();
    const added = (name: string) => sample(text, name)! - (sample(before, name) ?? 0);
    expect(added('purge_runs_total')).toBe(2);
    expect(added('purge_orders_total')).toBe(3);
    expect(added('purge_photos_total')).toBe(7);
    expect(added('purge_objects_total')).toBe(21);
    expect(added('purge_bytes_total')).toBe(123_456);
  });
});

describe('the worker metrics listener (METRICS_PORT)', () => {
  const workerEnv = (port: number) => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_ROLE: 'worker',
    METRICS_PORT: String(port),
  });

  it('serves this process metrics at /metrics, answers nothing else, and stops with the app', async () => {
    const port = await freePort();
    const config = loadConfig({
      ...workerEnv(port),
      // Only validated here: the listener is exercised alone, with the in-process queue.
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    const metrics = new AppMetrics(new InProcessJobQueue());
    const server = new WorkerMetricsServer(metrics, config);
    await server.onApplicationBootstrap();
    try {
      metrics.recordPurge({ orders: 1, photos: 1, objects: 3, bytes: 10 });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(sample(await res.text(), 'purge_objects_total')).toBe(3);
      expect((await fetch(`http://127.0.0.1:${port}/api/metrics`)).status).toBe(404);
      // The container's liveness probe.
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect([health.status, await health.text()]).toEqual([200, 'ok']);
    } finally {
      await server.onApplicationShutdown();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    const port = await freePort();
    const config = loadConfig({
      ...workerEnv(port),
      METRICS_TOKEN: TOKEN,
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    const server = new WorkerMetricsServer(new AppMetrics(new InProcessJobQueue()), config);
    await server.onApplicationBootstrap();
    try {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
    } finally {
      await server.onApplicationShutdown();
    }
  });

  const withServices = testDatabaseUrl && process.env.REDIS_URL ? it : it.skip;
  withServices(
    'is started by a real worker process context and reports its jobs',
    async () => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-metrics-'));
      const scratch = await createScratchDatabase();
      const context = await createWorkerContext(
        loadConfig({
          ...workerEnv(port),
          DATA_DIR: dataDir,
          DATABASE_URL: scratch.url,
          REDIS_URL: process.env.REDIS_URL!,
          QUEUE_PREFIX: `t${randomUUID().slice(0, 8)}`,
        }),
      );
      try {
        const nonce = randomUUID();
        await context.get(JobQueue).enqueue('system.heartbeat', { nonce }, { jobId: `hb-${nonce}` });
        const completed = { job: 'system.heartbeat', outcome: 'completed' };
        let text = '';
        await eventually(async () => {
          text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
          return sample(text, 'jobs_total', completed) === 1;
        }, 'the worker to count the heartbeat');
        expect(sample(text, 'queue_up')).toBe(1);
      } finally {
        await context.close();
        await scratch.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    },
    60_000,
  );
});
