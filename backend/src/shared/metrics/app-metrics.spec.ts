import { InProcessJobQueue } from '../../shared/queue/adapters/in-process.job-queue';
import { type JobQueue } from '../../shared/queue/job-queue';
import { AppMetrics } from './app-metrics';

function queueWhoseCounts(counts: () => Promise<never>): JobQueue {
  const queue = new InProcessJobQueue();
  queue.counts = counts;
  return queue;
}

describe('AppMetrics', () => {
  it('still answers a scrape when the queue is down, with queue_up 0 and no queue_jobs series', async () => {
    const metrics = new AppMetrics(queueWhoseCounts(() => Promise.reject(new Error('ECONNREFUSED'))));
    const text = await metrics.scrape();
    expect(text).toMatch(/^queue_up 0$/m);
    expect(text).not.toMatch(/^queue_jobs\{/m);
  });

  it('gives up on a queue that does not answer rather than hold the scrape', async () => {
    const metrics = new AppMetrics(queueWhoseCounts(() => new Promise<never>(() => undefined)));
    const started = Date.now();
    const text = await metrics.scrape();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(text).toMatch(/^queue_up 0$/m);
  });

  it('observes engine seconds per input megapixel, labelled by pipeline and model', async () => {
    const metrics = new AppMetrics(new InProcessJobQueue());
    metrics.observeEnhancement({
      pipeline: 'learned',
      input: { format: 'jpeg', width: 4000, height: 3000, orientation: 1, bytes: 1, hadIccProfile: false },
      timingsMs: { total: 6000 },
      corrections: { learned: { model: 'maxim-retouching' } } as never,
    });
    metrics.observeEnhancement({
      pipeline: 'classic',
      input: { format: 'jpeg', width: 2000, height: 1000, orientation: 1, bytes: 1, hadIccProfile: false },
      timingsMs: { total: 400 },
      corrections: { learned: { model: null } } as never,
    });
    const text = await metrics.scrape();
    expect(text).toContain('enhancement_seconds_per_megapixel_sum{engine="learned",model="maxim-retouching"} 0.5');
    expect(text).toContain('enhancement_seconds_per_megapixel_sum{engine="classic",model="none"} 0.2');
  });
});
