import { Logger } from '@nestjs/common';
import { type DiscoveryService } from '@nestjs/core';
import { loadConfig } from '../../config/app-config';
import { AppMetrics } from '../metrics/app-metrics';
import { createRootLogger, PinoLoggerService } from '../logging/pino-logger';
import { InProcessJobQueue } from './adapters/in-process.job-queue';
import { JOB_NAMES, type JobContext, type JobName } from './job-definitions';
import { JobHandler } from './job-handler.decorator';
import { JobConsumers } from './queue.module';

type Line = Record<string, unknown> & { msg: string };

/** The JSON lines the app's logger writes, read back from a stream instead of stdout. */
function captureLogs(): Line[] {
  const lines: Line[] = [];
  Logger.overrideLogger(
    new PinoLoggerService(createRootLogger({ level: 'debug' }, { write: (line) => lines.push(JSON.parse(line)) })),
  );
  return lines;
}

/** Discovery that finds one handler per job name, as Nest would find the `@JobHandler` providers. */
function discoveryOf(handlers: Partial<Record<JobName, (context: JobContext) => Promise<void>>>): DiscoveryService {
  const providers = JOB_NAMES.map((name) => {
    class Handler {
      handle = (_payload: unknown, context: JobContext) => handlers[name]?.(context) ?? Promise.resolve();
    }
    JobHandler(name)(Handler);
    return { instance: new Handler() };
  });
  return { getProviders: () => providers } as unknown as DiscoveryService;
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('JobConsumers', () => {
  const config = loadConfig({ NODE_ENV: 'test' });
  let queue: InProcessJobQueue;
  let metrics: AppMetrics;

  beforeEach(() => {
    queue = new InProcessJobQueue();
    metrics = new AppMetrics(queue);
  });
  afterEach(() => queue.close());

  it('puts the job name, job id and attempt on every log line written while the job runs', async () => {
    const lines = captureLogs();
    const consumers = new JobConsumers(
      discoveryOf({
        'system.heartbeat': async () => {
          await new Promise((r) => setTimeout(r, 5));
          new Logger('RecordHeartbeat').log('heartbeat recorded');
        },
      }),
      queue,
      config,
      metrics,
    );
    await consumers.onApplicationBootstrap();
    await queue.enqueue('system.heartbeat', { nonce: 'n' }, { jobId: 'hb-log-1' });
    new Logger('Elsewhere').log('not inside a job');
    await until(() => lines.some((l) => l.outcome === 'completed'));

    const inside = lines.find((l) => l.msg === 'heartbeat recorded');
    expect(inside).toMatchObject({
      context: 'RecordHeartbeat',
      job: 'system.heartbeat',
      jobId: 'hb-log-1',
      attempt: 1,
    });
    expect(lines.find((l) => l.msg === 'not inside a job')).not.toHaveProperty('jobId');
    const started = lines.find((l) => l.msg.includes('started'));
    expect(started).toMatchObject({ level: 20, jobId: 'hb-log-1' });
    const finished = lines.find((l) => l.outcome === 'completed');
    expect(finished).toMatchObject({ level: 30, job: 'system.heartbeat', jobId: 'hb-log-1' });
    expect(finished!.durationMs).toBeGreaterThanOrEqual(4);
  });

  it('counts a failed run that will run again as retry and the last one as failed', async () => {
    const lines = captureLogs();
    const consumers = new JobConsumers(
      discoveryOf({ 'system.heartbeat': () => Promise.reject(new Error('database down')) }),
      queue,
      config,
      metrics,
    );
    await consumers.onApplicationBootstrap();
    await queue.enqueue('system.heartbeat', { nonce: 'n' }, { jobId: 'hb-fail-1' });
    await until(async () => (await metrics.scrape()).includes('jobs_total{job="system.heartbeat",outcome="failed"} 1'));

    const text = await metrics.scrape();
    expect(text).toContain('jobs_total{job="system.heartbeat",outcome="retry"} 2');
    expect(text).toContain('job_duration_seconds_count{job="system.heartbeat",outcome="failed"} 1');
    expect(text).not.toContain('outcome="completed"');
    const outcomes = lines.filter((l) => l.outcome).map((l) => [l.attempt, l.outcome, l.error]);
    expect(outcomes).toEqual([
      [1, 'retry', 'database down'],
      [2, 'retry', 'database down'],
      [3, 'failed', 'database down'],
    ]);
  });
});
