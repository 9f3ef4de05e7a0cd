import { derivedKeys, originalKey } from '../../photos/domain/photo-files';
import {
  dailyTick,
  formatPurgeDate,
  ORPHAN_PREFIXES,
  orphanCutoff,
  staleWriteCutoff,
  purgeCutoff,
  purgeDate,
  reminderCutoff,
} from './retention-policy';

const completedAt = new Date('2026-01-10T15:30:00.000Z');
const daysLater = (days: number) => new Date(completedAt.getTime() + days * 24 * 60 * 60 * 1000);
const isDue = (now: Date) => completedAt <= purgeCutoff(now);
const isReminded = (now: Date) => completedAt > purgeCutoff(now) && completedAt <= reminderCutoff(now);

describe('retention policy', () => {
  it('makes an order due for purge 90 days after it completed, not a moment earlier', () => {
    expect(isDue(daysLater(89))).toBe(false);
    expect(isDue(new Date(daysLater(90).getTime() - 1))).toBe(false);
    expect(isDue(daysLater(90))).toBe(true);
    expect(isDue(daysLater(91))).toBe(true);
  });

  it('reminds during the last 7 days before the purge, and not once it is due', () => {
    expect(isReminded(daysLater(80))).toBe(false);
    expect(isReminded(new Date(daysLater(83).getTime() - 1))).toBe(false);
    expect(isReminded(daysLater(83))).toBe(true);
    expect(isReminded(daysLater(84))).toBe(true);
    expect(isReminded(new Date(daysLater(90).getTime() - 1))).toBe(true);
    expect(isReminded(daysLater(90))).toBe(false);
  });

  it('tells the host the date the photos may be deleted', () => {
    expect(purgeDate(completedAt).toISOString()).toBe('2026-04-10T15:30:00.000Z');
    expect(formatPurgeDate(purgeDate(completedAt))).toBe('April 10, 2026');
  });

  it('has one tick per UTC day', () => {
    expect(dailyTick(new Date('2026-04-10T00:00:00.000Z'))).toBe('2026-04-10');
    expect(dailyTick(new Date('2026-04-10T23:59:59.999Z'))).toBe('2026-04-10');
    expect(dailyTick(new Date('2026-04-11T00:00:00.000Z'))).toBe('2026-04-11');
  });
});

describe('the orphan sweep', () => {
  it('covers every kind of photo file the app stores', () => {
    const owner = { userId: 7, orderId: 'ord_x', photoId: 42 };
    const keys = [originalKey(owner, 'png'), ...Object.values(derivedKeys(owner))];
    for (const key of keys) expect(ORPHAN_PREFIXES.some((prefix) => key.startsWith(prefix))).toBe(true);
  });

  it('waits a day before an enhancement output without an owner is deleted', () => {
    for (const prefix of ['enhanced/', 'previews/', 'thumbnails/'] as const)
      expect(orphanCutoff(new Date('2026-03-02T10:00:00Z'), prefix)).toEqual(new Date('2026-03-01T10:00:00Z'));
  });

  it('takes an original without an owner, and an unfinished write, once no upload can still be running', () => {
    const now = new Date('2026-03-02T10:00:00Z');
    expect(orphanCutoff(now, 'originals/')).toEqual(new Date('2026-03-02T09:30:00Z'));
    expect(staleWriteCutoff(now)).toEqual(new Date('2026-03-02T09:30:00Z'));
  });
});
