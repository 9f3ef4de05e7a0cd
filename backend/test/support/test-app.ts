import { type NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { createHttpApp, type CreateAppOptions } from '../../src/create-app';
import { type HostSession, sessionOn } from './journey';
import { createScratchDatabase, testDatabaseUrl } from './postgres';

/**
 * A production host as an operator must configure one: its public HTTPS address, a metrics token, the key that
 * encrypts webhook secrets, and the test gateway asked for by name (Stripe is out of reach here).
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://photos.example.com',
  PAYMENTS: 'test',
  METRICS_TOKEN: 'a-long-enough-scrape-token',
  WEBHOOKS_SECRET_KEY: 'q6bK3Gk0Xv7yV1o2uJx9cXn1m8p4rT5sW0zA2bC4dE8=',
};

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * The real HTTP app on a temp DATA_DIR. It uses the production adapters the environment provides (a scratch
 * database on TEST_DATABASE_URL, REDIS_URL with a private key prefix) and the embedded ones otherwise.
 */
export async function startTestApp(env: Record<string, string> = {}, options: CreateAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-'));
  const scratch = testDatabaseUrl ? await createScratchDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}` }
      : {}),
    ...env,
  });
  const app = await createHttpApp(config, options);
  await app.init();
  return {
    app,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test app of a suite, with a signed-in host's requests to it (`as`) and its database. */
export interface SuiteApp extends Omit<TestApp, 'close'> {
  as: (cookie: string) => HostSession;
  db: () => DataSource;
}

/** Starts a test app before the suite that calls this and closes it after; the fields reach it inside the suite. */
export function testAppForSuite(env: Record<string, string> = {}): SuiteApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(env);
  }, 60_000);
  afterAll(async () => started?.close());
  const running = () => {
    if (!started) throw new Error('The test app runs only inside the suite');
    return started;
  };
  return {
    get app() {
      return running().app;
    },
    get config() {
      return running().config;
    },
    get dataDir() {
      return running().dataDir;
    },
    as: (cookie) => sessionOn(running().app.getHttpServer(), cookie),
    db: () => running().app.get(DataSource),
  };
}
