import { normaliseNote, summariseRatings } from './rating-rules';

describe('rating rules', () => {
  it('stores a note trimmed, and a blank one as no note', () => {
    expect(normaliseNote('  Window too bright \n')).toBe('Window too bright');
    expect(normaliseNote('   ')).toBeNull();
    expect(normaliseNote('')).toBeNull();
    expect(normaliseNote(undefined)).toBeNull();
    expect(normaliseNote(null)).toBeNull();
  });

  it('summarises counts per score into a count, a mean to two decimals and all five scores', () => {
    expect(
      summariseRatings([
        { score: 5, count: 2 },
        { score: 2, count: 1 },
      ]),
    ).toEqual({ count: 3, mean: 4, distribution: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 2 } });
    expect(
      summariseRatings([
        { score: 4, count: 2 },
        { score: 3, count: 1 },
      ]).mean,
    ).toBe(3.67);
  });

  it('has no mean without ratings', () => {
    expect(summariseRatings([])).toEqual({ count: 0, mean: null, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });
});
