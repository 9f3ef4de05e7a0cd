import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import {
  getMetadataStorage,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ENGINE_NAMES, type EngineChoice } from '@listinglens/engine';

/** Which parts of the app one process runs: everything (the one-command default), HTTP only, or consumers only. */
export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** Who takes payments: Stripe, or the local test gateway (test cards, no money moves). */
export const PAYMENT_MODES = ['stripe', 'test'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const urlOptions = { require_tld: false, require_protocol: true };

/**
 * Raw environment as declared and validated. Property names are the variable names so a failed check can name the
 * variable exactly; the rest of the code uses the typed, derived {@link AppConfig}.
 */
class EnvironmentVariables {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) PORT?: number;
  @IsOptional() @IsString() @MinLength(1) DATA_DIR?: string;
  @IsOptional() @IsIn(PROCESS_ROLES) APP_ROLE?: ProcessRole;
  @IsOptional() @Transform(emptyToUndefined) @IsUrl(urlOptions) PUBLIC_URL?: string;
  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ ...urlOptions, protocols: ['postgres', 'postgresql'] })
  DATABASE_URL?: string;
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ ...urlOptions, protocols: ['redis', 'rediss'] })
  REDIS_URL?: string;
  @IsOptional() @Matches(/^[A-Za-z0-9_-]{1,40}$/) QUEUE_PREFIX?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ ...urlOptions, protocols: ['http', 'https'] })
  S3_ENDPOINT?: string;
  @IsOptional() @IsString() @MinLength(3) S3_BUCKET?: string;
  @IsOptional() @IsString() S3_ACCESS_KEY?: string;
  @IsOptional() @IsString() S3_SECRET_KEY?: string;
  @IsOptional() @IsString() S3_REGION?: string;

  @IsOptional() @Transform(emptyToUndefined) @IsUrl({ ...urlOptions, protocols: ['smtp', 'smtps'] }) SMTP_URL?: string;
  @IsOptional() @IsString() @MinLength(3) MAIL_FROM?: string;
  @IsOptional() @IsString() @MinLength(3) SUPPORT_EMAIL?: string;
  /** How long a process may hold an owed email it is sending before another process takes it over. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(86400) MAIL_LEASE_SECONDS?: number;

  @IsOptional() @IsString() @MinLength(8) STRIPE_SECRET_KEY?: string;
  @IsOptional() @IsString() @MinLength(8) STRIPE_PUBLISHABLE_KEY?: string;
  @IsOptional() @IsString() @MinLength(8) STRIPE_WEBHOOK_SECRET?: string;
  /**
   * Which payment gateway takes money: `stripe` (needs the three Stripe keys) or `test`, the local test-card gateway
   * that moves no money. Unset: Stripe when its keys are given, otherwise the test gateway, except in production,
   * where the test gateway would hand out credits for free and must be asked for by name (a staging host).
   */
  @IsOptional() @IsIn(PAYMENT_MODES) PAYMENTS?: PaymentMode;
  /** Only for tests and Stripe's local mock servers: where the SDK sends its requests. */
  @IsOptional() @IsUrl({ ...urlOptions, protocols: ['http', 'https'] }) STRIPE_API_URL?: string;

  @IsOptional() @IsString() @MinLength(1) GOOGLE_CLIENT_ID?: string;
  @IsOptional() @IsString() @MinLength(1) GOOGLE_CLIENT_SECRET?: string;
  // Google's endpoints, overridable so tests run the whole sign-in against a local OpenID provider.
  @IsOptional() @Transform(emptyToUndefined) @IsUrl(urlOptions) GOOGLE_ISSUER?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsUrl(urlOptions) GOOGLE_AUTHORIZE_URL?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsUrl(urlOptions) GOOGLE_TOKEN_URL?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsUrl(urlOptions) GOOGLE_USERINFO_URL?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsUrl(urlOptions) GOOGLE_JWKS_URL?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(365) SESSION_TTL_DAYS?: number;

  @IsOptional() @IsIn(ENGINE_NAMES) ENHANCER_ENGINE?: EngineChoice;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(64) WORKER_CONCURRENCY?: number;
  /** How long SIGTERM waits for requests and the running job before the process exits anyway. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(3600) SHUTDOWN_TIMEOUT_SECONDS?: number;
  /** How often workers re-queue what the database says is unfinished (lost messages, a Redis restart). */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(86400) RECONCILE_INTERVAL_SECONDS?: number;
  /** Bearer token a scraper must send for the metrics; a guessable one would expose them, hence the length. */
  @IsOptional()
  @IsString()
  @Matches(/^[\x21-\x7e]{16,256}$/, { message: '$property must be 16 to 256 printable characters without spaces' })
  METRICS_TOKEN?: string;
  /** Worker role only: the port of its own metrics listener (it has no HTTP app to serve /api/metrics). */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) METRICS_PORT?: number;

  /** Encrypts webhook signing secrets at rest (AES-256-GCM); they cannot be hashed, since every delivery is signed. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, {
    message: '$property must be 32 random bytes in base64 (openssl rand -base64 32)',
  })
  WEBHOOKS_SECRET_KEY?: string;
  /** Lets webhook endpoints on loopback, private and link-local addresses (and plain http) through: a lab, tests. */
  @IsOptional() @IsIn(['true', 'false']) WEBHOOKS_ALLOW_PRIVATE_TARGETS?: string;
  /** First retry of a failed webhook delivery after this long, then twice as long each time. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(3600) WEBHOOKS_RETRY_BASE_SECONDS?: number;

  @IsOptional() @IsString() @MinLength(8) POSTHOG_KEY?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsUrl(urlOptions) POSTHOG_HOST?: string;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Accepted `iss` of ID tokens; Google signs with either spelling. */
  issuers: string[];
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  jwksUrl: string;
}

export interface WebhooksConfig {
  /** The AES-256 key for endpoint secrets at rest. */
  secretKey: Buffer;
  allowPrivateTargets: boolean;
  retryBaseMs: number;
}

/**
 * Outside production, endpoint secrets are encrypted with this well-known key: it protects nothing, and production
 * refuses to start without WEBHOOKS_SECRET_KEY.
 */
const DEVELOPMENT_WEBHOOKS_KEY = createHash('sha256').update('listinglens development webhooks key').digest();

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** Typed configuration, read once at boot. Undefined production settings mean "use the embedded adapter". */
export class AppConfig {
  constructor(
    readonly nodeEnv: 'development' | 'production' | 'test',
    readonly port: number,
    readonly role: ProcessRole,
    readonly dataDir: string,
    readonly publicUrl: string,
    readonly log: { level: string },
    readonly databaseUrl: string | undefined,
    readonly redisUrl: string | undefined,
    readonly queuePrefix: string,
    readonly s3: S3Config | undefined,
    readonly mail: { smtpUrl: string | undefined; from: string; supportEmail: string; leaseMs: number },
    readonly stripe:
      { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined,
    readonly google: GoogleConfig | undefined,
    readonly enhancer: { engine: EngineChoice; concurrency: number },
    readonly posthog: { key: string; host: string } | undefined,
    readonly session: { ttlDays: number } = { ttlDays: 30 },
    readonly operations: { shutdownTimeoutMs: number; reconcileIntervalMs: number } = {
      shutdownTimeoutMs: 30_000,
      reconcileIntervalMs: 300_000,
    },
    readonly metrics: { token: string | undefined; port: number | undefined } = { token: undefined, port: undefined },
    readonly webhooks: WebhooksConfig = {
      secretKey: DEVELOPMENT_WEBHOOKS_KEY,
      allowPrivateTargets: false,
      retryBaseMs: 30_000,
    },
  ) {}

  get isProduction(): boolean {
    return this.nodeEnv === 'production';
  }
  get runsHttp(): boolean {
    return this.role !== 'worker';
  }
  get runsWorkers(): boolean {
    return this.role !== 'api';
  }
}

export class ConfigError extends Error {}

/** Every variable the service reads; the README's table and docker-compose.yml are checked against this list. */
export function environmentVariableNames(): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(EnvironmentVariables, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))].sort();
}

/** Validates the environment once; the first bad variable stops boot with one line naming it. */
/** The machine's memory, or the container's limit (cgroup) when that is lower. */
const availableMemory = (): number => {
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 && limit < os.totalmem() ? limit : os.totalmem();
};

/**
 * Photos one process enhances at once unless WORKER_CONCURRENCY says: one per core (the learned stage is one
 * single-threaded inference), but at most one per 2 GB of memory, since each photo in flight holds a model thread of
 * about 0.8 GB, and twice that when the low-light model is needed too.
 */
export function defaultWorkerConcurrency(cores = os.availableParallelism(), memoryBytes = availableMemory()): number {
  return Math.max(1, Math.min(cores, Math.floor(memoryBytes / 2 ** 31), 64));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Record<string, string> = {}): AppConfig {
  // An empty variable means "not set" (compose files pass `${VAR:-}`), never an invalid value.
  const given = Object.fromEntries(
    Object.entries({ ...env, ...overrides }).filter(([, v]) => v !== undefined && v !== ''),
  );
  const raw = plainToInstance(EnvironmentVariables, given, { excludeExtraneousValues: false });
  const errors = validateSync(raw, { skipMissingProperties: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    const first = errors[0];
    // Several checks fail at once for a value like PORT=abc; the type check says the most useful thing.
    const constraints = first.constraints ?? {};
    const key = ['isInt', 'isUrl', 'isIn', 'matches'].find((k) => k in constraints) ?? Object.keys(constraints)[0];
    const reason = (key && constraints[key]) || 'is invalid';
    throw new ConfigError(
      `Invalid environment variable ${first.property}: ${reason.replace(first.property, '').trim()}`,
    );
  }
  requireTogether(raw, ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']);
  requireTogether(raw, ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
  requireTogether(raw, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);

  const role = raw.APP_ROLE ?? 'all';
  if (role !== 'all') {
    // Separate api and worker processes must share the queue and the database; the embedded ones live in one process.
    if (!raw.REDIS_URL)
      throw new ConfigError(`Invalid environment variable REDIS_URL: required when APP_ROLE is ${role}`);
    if (!raw.DATABASE_URL)
      throw new ConfigError(`Invalid environment variable DATABASE_URL: required when APP_ROLE is ${role}`);
  }

  const nodeEnv = (raw.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];
  // Only processes that serve HTTP take payments; a worker serves metrics only on METRICS_PORT.
  const payments = paymentMode(raw, role === 'worker' ? 'development' : nodeEnv);
  const servesMetrics = role !== 'worker' || raw.METRICS_PORT !== undefined;
  if (nodeEnv === 'production' && servesMetrics && !raw.METRICS_TOKEN)
    throw new ConfigError(
      'Invalid environment variable METRICS_TOKEN: required when NODE_ENV is production (Prometheus sends it as a Bearer token)',
    );
  if (nodeEnv === 'production' && !raw.WEBHOOKS_SECRET_KEY)
    throw new ConfigError(
      'Invalid environment variable WEBHOOKS_SECRET_KEY: required when NODE_ENV is production (32 random bytes in base64: openssl rand -base64 32)',
    );
  const port = raw.PORT ?? 3000;
  return new AppConfig(
    nodeEnv,
    port,
    role,
    path.resolve(raw.DATA_DIR ?? './data'),
    (raw.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    { level: raw.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info') },
    raw.DATABASE_URL,
    raw.REDIS_URL,
    raw.QUEUE_PREFIX ?? 'listinglens',
    raw.S3_ENDPOINT
      ? {
          endpoint: raw.S3_ENDPOINT,
          bucket: raw.S3_BUCKET!,
          accessKey: raw.S3_ACCESS_KEY!,
          secretKey: raw.S3_SECRET_KEY!,
          region: raw.S3_REGION ?? 'us-east-1',
        }
      : undefined,
    {
      smtpUrl: raw.SMTP_URL,
      from: raw.MAIL_FROM ?? 'ListingLens <no-reply@listinglens.local>',
      supportEmail: raw.SUPPORT_EMAIL ?? 'support@listinglens.local',
      // Over three times the longest an SMTP send takes before the mailer gives up: a slow send keeps its lease, and
      // a dead process's email goes out within minutes.
      leaseMs: (raw.MAIL_LEASE_SECONDS ?? 600) * 1000,
    },
    payments === 'stripe'
      ? {
          secretKey: raw.STRIPE_SECRET_KEY!,
          publishableKey: raw.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: raw.STRIPE_WEBHOOK_SECRET!,
          apiUrl: raw.STRIPE_API_URL,
        }
      : undefined,
    raw.GOOGLE_CLIENT_ID
      ? {
          clientId: raw.GOOGLE_CLIENT_ID,
          clientSecret: raw.GOOGLE_CLIENT_SECRET!,
          issuers: raw.GOOGLE_ISSUER ? [raw.GOOGLE_ISSUER] : ['https://accounts.google.com', 'accounts.google.com'],
          authorizeUrl: raw.GOOGLE_AUTHORIZE_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
          tokenUrl: raw.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
          userinfoUrl: raw.GOOGLE_USERINFO_URL ?? 'https://openidconnect.googleapis.com/v1/userinfo',
          jwksUrl: raw.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
        }
      : undefined,
    { engine: raw.ENHANCER_ENGINE ?? 'listing', concurrency: raw.WORKER_CONCURRENCY ?? defaultWorkerConcurrency() },
    raw.POSTHOG_KEY ? { key: raw.POSTHOG_KEY, host: raw.POSTHOG_HOST ?? 'https://us.i.posthog.com' } : undefined,
    { ttlDays: raw.SESSION_TTL_DAYS ?? 30 },
    {
      shutdownTimeoutMs: (raw.SHUTDOWN_TIMEOUT_SECONDS ?? 30) * 1000,
      reconcileIntervalMs: (raw.RECONCILE_INTERVAL_SECONDS ?? 300) * 1000,
    },
    { token: raw.METRICS_TOKEN, port: raw.METRICS_PORT },
    {
      secretKey: raw.WEBHOOKS_SECRET_KEY ? Buffer.from(raw.WEBHOOKS_SECRET_KEY, 'base64') : DEVELOPMENT_WEBHOOKS_KEY,
      allowPrivateTargets: raw.WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true',
      retryBaseMs: (raw.WEBHOOKS_RETRY_BASE_SECONDS ?? 30) * 1000,
    },
  );
}

/** The gateway in force; production never falls back to the test gateway silently. */
function paymentMode(raw: EnvironmentVariables, nodeEnv: AppConfig['nodeEnv']): PaymentMode {
  const stripeKeys = 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET';
  if (raw.PAYMENTS === 'test') return 'test';
  if (raw.STRIPE_SECRET_KEY) return 'stripe';
  if (raw.PAYMENTS === 'stripe')
    throw new ConfigError(`Invalid environment variable STRIPE_SECRET_KEY: PAYMENTS=stripe needs ${stripeKeys}`);
  if (nodeEnv === 'production')
    throw new ConfigError(
      `Invalid environment variable PAYMENTS: NODE_ENV=production needs a real payment gateway; set ${stripeKeys}, or PAYMENTS=test to take test cards on purpose (a staging host)`,
    );
  return 'test';
}

function requireTogether(raw: EnvironmentVariables, names: (keyof EnvironmentVariables)[]): void {
  const set = names.filter((n) => raw[n] !== undefined && raw[n] !== '');
  if (set.length > 0 && set.length < names.length) {
    const missing = names.find((n) => !set.includes(n))!;
    throw new ConfigError(`Invalid environment variable ${missing}: required when ${set[0]} is set`);
  }
}
