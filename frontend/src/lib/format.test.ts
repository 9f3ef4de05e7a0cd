import { formatOrderDate } from './format';

describe('formatOrderDate', () => {
  it("reads like 'Jan 5, 2025'", () => {
    expect(formatOrderDate('2025-01-05T12:00:00')).toBe('Jan 5, 2025');
    expect(formatOrderDate('2026-11-22T09:30:00')).toBe('Nov 22, 2026');
    expect(formatOrderDate('2024-12-31T23:59:00')).toBe('Dec 31, 2024');
  });

  it('does not zero-pad the day and abbreviates every month the same way', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatOrderDate(new Date(2025, m, 1, 12).toISOString()));
    expect(months).toEqual([
      'Jan 1, 2025',
      'Feb 1, 2025',
      'Mar 1, 2025',
      'Apr 1, 2025',
      'May 1, 2025',
      'Jun 1, 2025',
      'Jul 1, 2025',
      'Aug 1, 2025',
      'Sep 1, 2025',
      'Oct 1, 2025',
      'Nov 1, 2025',
      'Dec 1, 2025',
    ]);
  });

  it('gives an empty string for a value that is not a date', () => {
    expect(formatOrderDate('not a date')).toBe('');
  });
});
