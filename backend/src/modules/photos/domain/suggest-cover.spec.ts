import { type CoverCandidate, suggestCovers } from './suggest-cover';

const photo = (
  id: number,
  orderId: string,
  after: Record<string, number>,
  size: [number, number] = [4000, 3000],
  status = 'completed',
): CoverCandidate => ({
  id,
  orderId,
  status,
  purgedAt: null,
  enhancementReport: {
    output: { width: size[0], height: size[1] },
    after: { meanLuma: 0.5, clippedHighlights: 0.001, clippedShadows: 0, cast: 2, noise: 1, ...after },
  },
});

describe('cover suggestion', () => {
  it('picks the best-exposed, cleanest landscape photo of each order', () => {
    const covers = suggestCovers([
      photo(1, 'a', { meanLuma: 0.3 }),
      photo(2, 'a', { meanLuma: 0.49 }),
      photo(3, 'a', { meanLuma: 0.5, clippedHighlights: 0.08 }),
      photo(4, 'b', { cast: 9 }),
      photo(5, 'b', { cast: 1 }),
    ]);
    expect([...covers].sort()).toEqual([2, 5]);
  });

  it('never suggests a portrait, undelivered or unmeasured photo', () => {
    expect(
      suggestCovers([
        photo(1, 'a', {}, [3000, 4000]),
        photo(2, 'a', {}, [4000, 3000], 'failed'),
        { id: 3, orderId: 'a', status: 'completed', purgedAt: null, enhancementReport: null },
      ]),
    ).toEqual(new Set());
  });
});
