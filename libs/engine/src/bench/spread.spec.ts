import { median } from '../harmonise';
import { orderSpread } from './spread';

const look = (exposureEv: number, castA = 0, castB = 0) => ({ exposureEv, castA, castB });

describe('order spread', () => {
  it('measures exposure from the median and the widest white-point pair', () => {
    const spread = orderSpread(
      [look(-1, 0, 0), look(-0.5, 3, 4), look(0.5, -1, 0), look(-0.4, 0, 10)],
      [true, true, true, false],
    );
    // Median of -1, -0.5, -0.4, 0.5 is -0.45: the brightest photo is 0.95 EV from it.
    expect(spread.exposureFromMedian).toBeCloseTo(0.95, 10);
    // The dimmest is 0.55 EV under it.
    expect(spread.exposureBelowMedian).toBeCloseTo(0.55, 10);
    expect(spread.exposureRange).toBeCloseTo(1.5, 10);
    // (3, 4) to (-1, 0); the photo without a white point (b* 10) does not count.
    expect(spread.cast).toBeCloseTo(Math.hypot(4, 4), 10);
    expect(spread.whitePoints).toBe(3);
  });

  it('is zero for an empty order and has no cast spread with one white point', () => {
    expect(orderSpread([], [])).toEqual({
      exposureFromMedian: 0,
      exposureBelowMedian: 0,
      exposureRange: 0,
      cast: 0,
      whitePoints: 0,
    });
    expect(orderSpread([look(0, 5, 5), look(0.2, -5, -5)], [true, false])).toMatchObject({ cast: 0, whitePoints: 1 });
  });

  it('takes the middle of an odd list and the mean of the middle pair of an even one', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});
