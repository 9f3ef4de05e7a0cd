import { randomBytes } from 'node:crypto';
import { BullmqJobQueue } from '../../src/shared/queue/adapters/bullmq.job-queue';
import { InProcessJobQueue } from '../../src/shared/queue/adapters/in-process.job-queue';
import { JOB_NAMES, JOB_POLICIES, type JobContext } from '../../src/shared/queue/job-definitions';
import { type JobQueue } from '../../src/shared/queue/job-queue';
import { JobRegistry, JobRegistryError } from '../../src/shared/queue/job-registry';

/**
 * One contract, every adapter: the in-process default always, BullMQ on a real Redis when REDIS_URL is set. Both
 * are made with the heartbeat's concurrency raised above its policy's, as WORKER_CONCURRENCY raises the photos'.
 */
const HEARTBEAT_CONCURRENCY = JOB_POLICIES['system.heartbeat'].concurrency + 1;
const concurrency = { 'system.heartbeat': HEARTBEAT_CONCURRENCY };
const adapters: [string, () => JobQueue][] = [['in-process', () => new InProcessJobQueue(5000, concurrency)]];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  adapters.push([
    'bullmq',
    () =>
      new BullmqJobQueue(redisUrl, {
        prefix: `test-${randomBytes(4).toString('hex')}`,
        shutdownTimeoutMs: 5000,
        concurrency,
      }),
  ]);
}

const until = async (check: () => boolean, timeoutMs = 8000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(adapters)('JobQueue contract: %s', (_name, make) => {
  let queue: JobQueue;
  let calls: { nonce: string; ctx: JobContext }[];
  let behaviour: (nonce: string, ctx: JobContext) => Promise<void>;

  beforeEach(async () => {
    queue = make();
    calls = [];
    behaviour = async () => undefined;
    const registry = new JobRegistry();
    registry.register('system.heartbeat', async ({ nonce }, ctx) => {
      calls.push({ nonce, ctx });
      await behaviour(nonce, ctx);
    });
    // The contract is about the queue's mechanics; the other jobs only need a handler so consumers may start.
    for (const name of JOB_NAMES) if (name !== 'system.heartbeat') registry.register(name, async () => undefined);
    await queue.startConsumers(registry);
  });

  afterEach(async () => {
    if (queue instanceof BullmqJobQueue) await queue.obliterate();
    await queue.close();
  });

  it('runs an enqueued job with its payload', async () => {
    await queue.enqueue('system.heartbeat', { nonce: 'hello' }, { jobId: 'hb-1' });
    await until(() => calls.length === 1);
    expect(calls[0].nonce).toBe('hello');
    expect(calls[0].ctx).toMatchObject({
      jobId: 'hb-1',
      attempt: 1,
      maxAttempts: JOB_POLICIES['system.heartbeat'].attempts,
    });
  });

  it('adds nothing for an id that is already queued or running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    behaviour = () => gate;
    await queue.enqueue('system.heartbeat', { nonce: 'first' }, { jobId: 'same' });
    await until(() => calls.length === 1);
    await queue.enqueue('system.heartbeat', { nonce: 'second' }, { jobId: 'same' });
    release();
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.map((c) => c.nonce)).toEqual(['first']);
  });

  it('can queue the same id again once the job finished', async () => {
    await queue.enqueue('system.heartbeat', { nonce: 'a' }, { jobId: 'again' });
    await until(() => calls.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    await queue.enqueue('system.heartbeat', { nonce: 'b' }, { jobId: 'again' });
    await until(() => calls.length === 2);
    expect(calls.map((c) => c.nonce)).toEqual(['a', 'b']);
  });

  it('retries a failing job with backoff and tells the handler which attempt is the last', async () => {
    behaviour = async () => {
      throw new Error('transient');
    };
    await queue.enqueue('system.heartbeat', { nonce: 'flaky' }, { jobId: 'flaky' });
    const policy = JOB_POLICIES['system.heartbeat'];
    await until(() => calls.length === policy.attempts);
    await new Promise((r) => setTimeout(r, policy.backoffMs * 2 ** policy.attempts));
    expect(calls.map((c) => c.ctx.attempt)).toEqual([1, 2, 3]);
    expect(calls.every((c) => c.ctx.maxAttempts === 3)).toBe(true);
    expect((await queue.counts())['system.heartbeat'].failed).toBeGreaterThanOrEqual(0);
  });

  it('succeeds on a retry after a transient failure', async () => {
    behaviour = async (_nonce, ctx) => {
      if (ctx.attempt === 1) throw new Error('once');
    };
    await queue.enqueue('system.heartbeat', { nonce: 'recovers' }, { jobId: 'recovers' });
    await until(() => calls.length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toHaveLength(2);
  });

  it('runs as many jobs of a name at once as its configured concurrency, never more', async () => {
    let running = 0;
    let peak = 0;
    behaviour = async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 200));
      running--;
    };
    for (let i = 0; i < 8; i++) await queue.enqueue('system.heartbeat', { nonce: `c${i}` }, { jobId: `c${i}` });
    await until(() => calls.length === 8);
    await until(() => running === 0);
    expect(peak).toBe(HEARTBEAT_CONCURRENCY);
  });

  it('runs a delayed job after its delay', async () => {
    const start = Date.now();
    await queue.enqueue('system.heartbeat', { nonce: 'later' }, { jobId: 'later', delayMs: 300 });
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(0);
    await until(() => calls.length === 1);
    expect(Date.now() - start).toBeGreaterThanOrEqual(250);
  });

  it('lets a running job finish when closing', async () => {
    let finished = false;
    behaviour = async () => {
      await new Promise((r) => setTimeout(r, 200));
      finished = true;
    };
    await queue.enqueue('system.heartbeat', { nonce: 'slow' }, { jobId: 'slow' });
    await until(() => calls.length === 1);
    await queue.close();
    expect(finished).toBe(true);
    queue = make(); // afterEach closes a fresh, idle queue
  });

  it('refuses unsafe job ids', async () => {
    await expect(queue.enqueue('system.heartbeat', { nonce: 'x' }, { jobId: 'a:b' })).rejects.toThrow(/Invalid job id/);
  });

  it('answers ping when reachable', async () => {
    await expect(queue.ping()).resolves.toBeUndefined();
  });
});

describe('JobRegistry', () => {
  it('refuses to start consumers while a job name has no handler', async () => {
    const queue = new InProcessJobQueue();
    await expect(queue.startConsumers(new JobRegistry())).rejects.toThrow(
      /No handler registered for job\(s\): system.heartbeat/,
    );
    await queue.close();
  });

  it('refuses two handlers for one job and unknown names', () => {
    const registry = new JobRegistry();
    registry.register('system.heartbeat', async () => undefined);
    expect(() => registry.register('system.heartbeat', async () => undefined)).toThrow(JobRegistryError);
    expect(() => registry.register('nope' as never, async () => undefined)).toThrow(/Unknown job name/);
  });
});

if (redisUrl) {
  describe('BullmqJobQueue when Redis is unreachable', () => {
    it('answers unavailable quickly instead of hanging', async () => {
      const queue = new BullmqJobQueue('redis://127.0.0.1:1', { commandTimeoutMs: 500 });
      const start = Date.now();
      await expect(queue.enqueue('system.heartbeat', { nonce: 'x' })).rejects.toThrow(/unavailable/);
      await expect(queue.ping()).rejects.toThrow(/unavailable/);
      expect(Date.now() - start).toBeLessThan(3000);
      await queue.close();
    });
  });
}
