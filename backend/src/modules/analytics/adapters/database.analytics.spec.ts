import { type DataSource } from 'typeorm';
import { strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { type AnalyticsEventsRepository } from '../persistence/analytics-events.repository';
import { CAPTURE_RETRY_DELAYS_MS, DatabaseAnalytics } from './database.analytics';

/** A database that refuses the first `failures` writes (a restart in progress), then takes them. */
function analyticsOn(failures: number) {
  const recorded: string[] = [];
  let calls = 0;
  const events = strictFake<AnalyticsEventsRepository>('events', {
    insert: async (_tx: unknown, row: { event: string }) => {
      calls++;
      if (calls <= failures) throw new Error('Connection terminated unexpectedly');
      recorded.push(row.event);
    },
  });
  const dataSource = strictFake<DataSource>('dataSource', { manager: transactionHandle('manager') });
  return { analytics: new DatabaseAnalytics(dataSource, events), recorded, calls: () => calls };
}

describe('DatabaseAnalytics', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('records an event once the database is back, instead of losing it to a restart', async () => {
    const { analytics, recorded, calls } = analyticsOn(2);
    const done = analytics.capture('Photo Processing Complete', '7', { photoId: 1 });
    await jest.advanceTimersByTimeAsync(CAPTURE_RETRY_DELAYS_MS[0] + CAPTURE_RETRY_DELAYS_MS[1]);
    await done;
    expect(recorded).toEqual(['Photo Processing Complete']);
    expect(calls()).toBe(3);
  });

  it('gives up after its last try without failing the work it counts', async () => {
    const { analytics, recorded, calls } = analyticsOn(Infinity);
    const done = analytics.capture('Photo Processing Complete', '7');
    await jest.advanceTimersByTimeAsync(CAPTURE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    await expect(done).resolves.toBeUndefined();
    expect(recorded).toEqual([]);
    expect(calls()).toBe(CAPTURE_RETRY_DELAYS_MS.length + 1);
  });
});
