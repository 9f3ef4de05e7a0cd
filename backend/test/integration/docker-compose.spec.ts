import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { environmentVariableNames, loadConfig } from '../../src/config/app-config';

/**
 * docker-compose.yml is the production topology operators start from; it has to match the code. Docker cannot run
 * here, so the file is read as compose would: YAML merge keys resolved, `${VAR:-default}` interpolated from the
 * operator's environment (nothing set unless a test says so), and a variable listed with no value passed through
 * from that environment, or left out when it is unset there.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number | null>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  deploy?: { replicas?: number };
  stop_grace_period?: string;
}

const compose = parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

type Env = Record<string, string>;

function interpolate(value: string | number, env: Env): string {
  return String(value).replace(
    /\$\{([A-Z0-9_]+)(?::-([^}]*))?\}/g,
    (_, name: string, fallback = '') => env[name] || fallback,
  );
}

function environmentOf(name: string, env: Env = {}): Env {
  const entries = Object.entries(compose.services[name].environment ?? {}).flatMap(
    ([key, value]): [string, string][] => {
      if (value === null) return key in env ? [[key, env[key]]] : [];
      return [[key, interpolate(value, env)]];
    },
  );
  return Object.fromEntries(entries);
}

/** What an operator of the compose deployment sets: the Stripe keys, the metrics token and the webhooks key. */
const OPERATOR: Env = {
  STRIPE_SECRET_KEY: 'sk_live_operator',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_operator',
  STRIPE_WEBHOOK_SECRET: 'whsec_operator',
  METRICS_TOKEN: 'prometheus-token-0123456789',
  WEBHOOKS_SECRET_KEY: 'q6bK3Gk0Xv7yV1o2uJx9cXn1m8p4rT5sW0zA2bC4dE8=',
};
const REQUIRED = Object.keys(OPERATOR);

const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1]);

describe('docker-compose.yml', () => {
  const services = compose.services;

  it('describes the deployment of the design: postgres, redis, minio, mailpit, api, worker and web', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'mailpit', 'minio', 'postgres', 'redis', 'web', 'worker']);
    expect(services.api.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(services.worker.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(services.worker.command).toEqual(['node', 'dist/backend/worker.js']);
  });

  it.each(['api', 'worker'])('gives the %s everything its configuration needs for the production adapters', (name) => {
    const config = loadConfig(environmentOf(name, OPERATOR));
    expect(config.role).toBe(name);
    expect(config.isProduction).toBe(true);
    expect(new URL(config.databaseUrl!).hostname).toBe('postgres');
    expect(new URL(config.redisUrl!).hostname).toBe('redis');
    expect(new URL(config.s3!.endpoint).hostname).toBe('minio');
    expect(new URL(config.mail.smtpUrl!).hostname).toBe('mailpit');
    expect(new URL(config.publicUrl).port).toBe('8080');
    expect(config.stripe).toMatchObject({ secretKey: OPERATOR.STRIPE_SECRET_KEY });
    expect(config.metrics.token).toBe(OPERATOR.METRICS_TOKEN);
  });

  it.each(['api', 'worker'])(
    'passes the Stripe keys and METRICS_TOKEN to the %s from the environment, never an empty default',
    (name) => {
      const raw = services[name].environment ?? {};
      for (const key of REQUIRED) expect(raw[key]).toBeNull();
      const unset = environmentOf(name);
      expect(REQUIRED.filter((key) => key in unset)).toEqual([]);
      expect(unset.PAYMENTS).toBe('stripe');
      expect(environmentOf(name, { PAYMENTS: 'test' }).PAYMENTS).toBe('test');
    },
  );

  it.each(['api', 'worker'])(
    'refuses to start the %s in production with none of them set, or with only PAYMENTS=test',
    (name) => {
      expect(() => loadConfig(environmentOf(name))).toThrow(/STRIPE_SECRET_KEY|METRICS_TOKEN|PAYMENTS/);
      // A staging host asks for the test gateway by name; metrics still need their token.
      expect(() => loadConfig(environmentOf(name, { PAYMENTS: 'test' }))).toThrow(/METRICS_TOKEN/);
      const metrics = { PAYMENTS: 'test', METRICS_TOKEN: OPERATOR.METRICS_TOKEN };
      expect(() => loadConfig(environmentOf(name, metrics))).toThrow(
        /^Invalid environment variable WEBHOOKS_SECRET_KEY/,
      );
      const staging = loadConfig(
        environmentOf(name, { ...metrics, WEBHOOKS_SECRET_KEY: OPERATOR.WEBHOOKS_SECRET_KEY }),
      );
      expect(staging.stripe).toBeUndefined();
    },
  );

  it('sets only variables the code reads, and every host it names is a service', () => {
    const known = environmentVariableNames();
    for (const name of ['api', 'worker']) {
      const env = environmentOf(name, OPERATOR);
      expect(Object.keys(env).filter((key) => !known.includes(key))).toEqual([]);
      for (const value of Object.values(env)) {
        const host = /^[a-z]+:\/\/(?:[^@/]*@)?([a-z0-9-]+)[:/]/.exec(value)?.[1];
        if (host && host !== 'localhost') expect(Object.keys(services)).toContain(host);
      }
    }
  });

  it('gives the api and the worker the same credentials as the stores they use', () => {
    const api = environmentOf('api');
    const postgres = environmentOf('postgres');
    expect(new URL(api.DATABASE_URL).password).toBe(postgres.POSTGRES_PASSWORD);
    expect(new URL(api.DATABASE_URL).username).toBe(postgres.POSTGRES_USER);
    expect(new URL(api.DATABASE_URL).pathname).toBe(`/${postgres.POSTGRES_DB}`);
    const minio = environmentOf('minio');
    expect([api.S3_ACCESS_KEY, api.S3_SECRET_KEY]).toEqual([minio.MINIO_ROOT_USER, minio.MINIO_ROOT_PASSWORD]);
    expect(environmentOf('worker').DATABASE_URL).toBe(api.DATABASE_URL);
  });

  it('keeps state in declared volumes and starts the apps only once their dependencies are healthy', () => {
    for (const name of ['postgres', 'redis', 'minio']) {
      const [volume] = (services[name].volumes ?? [])[0]?.split(':') ?? [];
      expect(Object.keys(compose.volumes)).toContain(volume);
    }
    const unprobed = Object.entries(services).filter(([, s]) => !s.healthcheck?.test?.length || s.healthcheck.disable);
    expect(unprobed.map(([name]) => name)).toEqual([]);
    for (const name of ['api', 'worker']) {
      for (const dependency of ['postgres', 'redis', 'minio', 'mailpit'])
        expect(services[name].depends_on?.[dependency]).toEqual({ condition: 'service_healthy' });
    }
    expect(services.web.depends_on?.api).toEqual({ condition: 'service_healthy' });
  });

  it('lets a worker finish its photo on SIGTERM before compose kills it', () => {
    for (const name of ['api', 'worker']) {
      const drain = Number(environmentOf(name).SHUTDOWN_TIMEOUT_SECONDS);
      expect(drain).toBeGreaterThan(0);
      expect(drain).toBeLessThan(seconds(services[name].stop_grace_period!));
    }
    // The worker's liveness probe asks the metrics listener, which only exists with METRICS_PORT.
    const port = environmentOf('worker').METRICS_PORT;
    expect(services.worker.healthcheck?.test?.join(' ')).toContain(`:${port}/health`);
  });

  it('documents every variable the code reads in the README', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const documented = new Set(
      [...readme.matchAll(/^\|([^|]+)\|/gm)].flatMap((m) => m[1].match(/[A-Z][A-Z0-9_]+/g) ?? []),
    );
    expect(environmentVariableNames().filter((name) => !documented.has(name))).toEqual([]);
  });
});
