import path from 'node:path';
import { ConfigError, defaultWorkerConcurrency, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('defaults to the embedded one-command setup', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.role).toBe('all');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.session.ttlDays).toBe(30);
  });

  it('enhances one photo per core at once, but no more than one per 2 GB of memory, unless told otherwise', () => {
    const GB = 2 ** 30;
    expect(defaultWorkerConcurrency(2, 24 * GB)).toBe(2);
    expect(defaultWorkerConcurrency(8, 8 * GB)).toBe(4);
    expect(defaultWorkerConcurrency(4, 1 * GB)).toBe(1);
    expect(loadConfig({}).enhancer.concurrency).toBe(defaultWorkerConcurrency());
    expect(loadConfig({ WORKER_CONCURRENCY: '1' }).enhancer.concurrency).toBe(1);
  });

  it("signs in with Google at Google's endpoints unless told otherwise", () => {
    const google = loadConfig({ GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret' }).google;
    expect(google).toMatchObject({
      clientId: 'client',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
    const local = loadConfig({
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'http://localhost:4000',
      GOOGLE_TOKEN_URL: 'http://localhost:4000/token',
      SESSION_TTL_DAYS: '7',
    });
    expect(local.google).toMatchObject({ issuers: ['http://localhost:4000'], tokenUrl: 'http://localhost:4000/token' });
    expect(local.session.ttlDays).toBe(7);
  });

  it('switches each port to its production adapter by variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://app@db:5432/app',
      REDIS_URL: 'redis://redis:6379',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'secret',
      SMTP_URL: 'smtp://mailpit:1025',
      PUBLIC_URL: 'https://photos.example.com/',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://app@db:5432/app');
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'photos',
      accessKey: 'key',
      secretKey: 'secret',
      region: 'us-east-1',
    });
    expect(config.mail.smtpUrl).toBe('smtp://mailpit:1025');
    expect(config.publicUrl).toBe('https://photos.example.com');
  });

  it('treats empty variables as unset, as compose passes them', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: '', GOOGLE_CLIENT_ID: '', PORT: '', REDIS_URL: '' });
    expect(config.stripe).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.redisUrl).toBeUndefined();
  });

  describe('in production', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_12345678',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_12345678',
    };
    const webhooksKey = 'q6bK3Gk0Xv7yV1o2uJx9cXn1m8p4rT5sW0zA2bC4dE8=';
    const production = {
      NODE_ENV: 'production',
      METRICS_TOKEN: 'a-long-enough-scrape-token',
      WEBHOOKS_SECRET_KEY: webhooksKey,
    };

    it('refuses to take test cards unless the operator asks for the test gateway by name', () => {
      expect(() => loadConfig(production)).toThrow(
        /^Invalid environment variable PAYMENTS: NODE_ENV=production needs a real payment gateway; set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test/,
      );
      expect(loadConfig({ ...production, PAYMENTS: 'test' }).stripe).toBeUndefined();
      expect(loadConfig({ ...production, ...stripe }).stripe?.secretKey).toBe('sk_live_12345678');
    });

    it('refuses open metrics', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', ...stripe })).toThrow(
        /^Invalid environment variable METRICS_TOKEN: required when NODE_ENV is production/,
      );
    });

    it('asks a worker, which takes no payments, only for what it serves', () => {
      const worker = {
        NODE_ENV: 'production',
        APP_ROLE: 'worker',
        REDIS_URL: 'redis://redis:6379',
        DATABASE_URL: 'postgres://app@db:5432/app',
        WEBHOOKS_SECRET_KEY: webhooksKey,
      };
      expect(loadConfig(worker).role).toBe('worker');
      expect(() => loadConfig({ ...worker, METRICS_PORT: '9464' })).toThrow(
        /^Invalid environment variable METRICS_TOKEN/,
      );
    });

    it('refuses to start without the key that encrypts webhook secrets, in any role', () => {
      const { WEBHOOKS_SECRET_KEY: _key, ...keyless } = { ...production, PAYMENTS: 'test' };
      expect(() => loadConfig(keyless)).toThrow(
        /^Invalid environment variable WEBHOOKS_SECRET_KEY: required when NODE_ENV is production \(32 random bytes in base64: openssl rand -base64 32\)$/,
      );
      const config = loadConfig({ ...production, PAYMENTS: 'test' });
      expect(config.webhooks.secretKey).toEqual(Buffer.from(webhooksKey, 'base64'));
      expect(config.webhooks).toMatchObject({ allowPrivateTargets: false, retryBaseMs: 30_000 });
    });

    it('keeps the laptop default outside production, and PAYMENTS=test wins over keys anywhere', () => {
      expect(loadConfig({}).stripe).toBeUndefined();
      expect(loadConfig({ ...stripe, PAYMENTS: 'test' }).stripe).toBeUndefined();
      expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(
        /^Invalid environment variable STRIPE_SECRET_KEY: PAYMENTS=stripe needs/,
      );
    });
  });

  it.each([
    [{ PAYMENTS: 'free' }, /^Invalid environment variable PAYMENTS/],
    [{ PORT: 'abc' }, /^Invalid environment variable PORT: must be an integer number$/],
    [{ PORT: '70000' }, /^Invalid environment variable PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment variable DATABASE_URL/],
    [{ REDIS_URL: 'not a url' }, /^Invalid environment variable REDIS_URL/],
    [{ NODE_ENV: 'staging' }, /^Invalid environment variable NODE_ENV/],
    [{ SESSION_TTL_DAYS: '0' }, /^Invalid environment variable SESSION_TTL_DAYS/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /^Invalid environment variable S3_BUCKET: required when S3_ENDPOINT is set/],
    [{ STRIPE_SECRET_KEY: 'sk_test_12345678' }, /^Invalid environment variable STRIPE_PUBLISHABLE_KEY/],
    [{ APP_ROLE: 'worker' }, /^Invalid environment variable REDIS_URL: required when APP_ROLE is worker/],
    [{ APP_ROLE: 'api', REDIS_URL: 'redis://r:6379' }, /^Invalid environment variable DATABASE_URL/],
    [
      { WEBHOOKS_SECRET_KEY: 'too-short' },
      /^Invalid environment variable WEBHOOKS_SECRET_KEY: must be 32 random bytes in base64 \(openssl rand -base64 32\)$/,
    ],
    [{ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'yes' }, /^Invalid environment variable WEBHOOKS_ALLOW_PRIVATE_TARGETS/],
    [{ WEBHOOKS_RETRY_BASE_SECONDS: '0' }, /^Invalid environment variable WEBHOOKS_RETRY_BASE_SECONDS/],
  ])('stops on %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
