import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { PACKAGES } from '@listinglens/contracts';
import { RecordHeartbeat } from '../../src/modules/system/application/record-heartbeat.use-case';
import { BullmqJobQueue } from '../../src/shared/queue/adapters/bullmq.job-queue';
import { InProcessJobQueue } from '../../src/shared/queue/adapters/in-process.job-queue';
import { JobQueue } from '../../src/shared/queue/job-queue';
import { startTestApp, type TestApp } from '../support/test-app';

describe('the HTTP foundation', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>ListingLens</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp({}, { clientDir });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const http = () => request(t.app.getHttpServer());

  it('answers liveness', async () => {
    const res = await http().get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('reports database, queue and storage separately when ready', async () => {
    const res = await http().get('/api/health/ready').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: { database: { status: 'up' }, queue: { status: 'up' }, storage: { status: 'up' } },
    });
  });

  it('answers an unknown API route with a JSON 404, not the client', async () => {
    const res = await http().get('/api/no-such-thing').set('Accept', 'text/html').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('refuses a malformed JSON body with a 400 and a message', async () => {
    const res = await http()
      .post('/api/packages')
      .set('Content-Type', 'application/json')
      .send('{"broken":')
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'MALFORMED_JSON',
      message: 'The request body is not valid JSON.',
    });
  });

  it('refuses an oversized JSON body with a 413', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(200 * 1024) });
    const res = await http().post('/api/packages').set('Content-Type', 'application/json').send(big).expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('lists the catalogue the client also imports', async () => {
    const res = await http().get('/api/packages').expect(200);
    expect(res.body.map((p: { id: string; price: number; photos: number }) => [p.id, p.price, p.photos])).toEqual([
      ['basic', 2900, 5],
      ['standard', 6900, 20],
      ['premium', 9900, 40],
    ]);
    expect(res.body.find((p: { popular: boolean }) => p.popular).id).toBe('standard');
    expect(res.body).toEqual(PACKAGES.map((p) => ({ ...p })));
  });

  it('tags every response with a request id, reusing a sane incoming one', async () => {
    const fresh = await http().get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await http().get('/api/health').set('X-Request-Id', 'req-12345678');
    expect(given.headers['x-request-id']).toBe('req-12345678');
    const hostile = await http().get('/api/health').set('X-Request-Id', '<script>');
    expect(hostile.headers['x-request-id']).not.toBe('<script>');
  });

  it('sends nosniff and no framework banner', async () => {
    const res = await http().get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the client for client routes and its static files', async () => {
    for (const route of ['/', '/dashboard', '/order?order=abc', '/auth/confirm', '/some/unknown/page']) {
      const res = await http().get(route).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<div id="root">');
    }
    const asset = await http().get('/assets/app.js').expect(200);
    expect(asset.text).toBe('console.log(1)');
  });

  it('documents every route in OpenAPI', async () => {
    const res = await http().get('/api/docs-json').expect(200);
    const routes = Object.entries(res.body.paths as Record<string, object>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    type Layer = { route?: { path: string; methods: Record<string, boolean> } };
    const express = t.app.getHttpAdapter().getInstance();
    const stack = (express.router ?? express._router).stack as unknown as Layer[];
    const registered = stack
      .flatMap((layer) =>
        layer.route
          ? Object.keys(layer.route.methods).map(
              (m) => `${m.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`,
            )
          : [],
      )
      .filter((r) => r.includes(' /api/') && !r.includes('/api/docs'));
    expect(registered.length).toBeGreaterThan(0);
    expect(routes.sort()).toEqual(expect.arrayContaining(registered.sort()));
    expect(res.body.components.securitySchemes).toHaveProperty('session');
    expect(res.body.components.securitySchemes).toHaveProperty('apiKey');
    await http().get('/api/docs').expect(200);
  });

  it('keeps docs/openapi.json current (run `npm run openapi` after changing routes)', async () => {
    const live = (await http().get('/api/docs-json')).body;
    const committed = JSON.parse(
      fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
    );
    expect(committed).toEqual(live);
  });

  it('runs a queued job to completion through the configured queue and database', async () => {
    // With REDIS_URL and TEST_DATABASE_URL set (CI), this is BullMQ on Redis and a real Postgres.
    expect(t.app.get(JobQueue)).toBeInstanceOf(process.env.REDIS_URL ? BullmqJobQueue : InProcessJobQueue);
    expect(t.config.databaseUrl !== undefined).toBe(Boolean(process.env.TEST_DATABASE_URL));
    const nonce = randomUUID();
    await t.app.get(JobQueue).enqueue('system.heartbeat', { nonce }, { jobId: `hb-${nonce}` });
    const heartbeat = t.app.get(RecordHeartbeat);
    const deadline = Date.now() + 10_000;
    while (!(await heartbeat.wasRecorded(nonce))) {
      if (Date.now() > deadline) throw new Error('heartbeat job never completed');
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await heartbeat.wasRecorded(nonce)).toBe(true);
  });
});
