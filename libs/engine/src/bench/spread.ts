/** One photo of an order as the harmonisation benchmark measures it (on the decoded JPEG, like `measurePhoto`). */
export interface SpreadLook {
  exposureEv: number;
  castA: number;
  castB: number;
}

/** How far apart the photos of an order are: the figures the issue sets limits on. */
export interface OrderSpread {
  /** Largest |EV − median EV| over the photos: the "within ±0.25 EV". */
  exposureFromMedian: number;
  /**
   * Largest (median EV − EV) over the photos: how far the dimmest is left under the order. Harmonisation lifts a dim
   * photo to the order but darkens a bright one by a quarter stop at most, so this is the figure it holds to 0.25.
   */
  exposureBelowMedian: number;
  /** Brightest minus darkest photo, EV. */
  exposureRange: number;
  /** Largest a*b* distance (Lab ΔE on the neutral plane) between any two photos with a measurable white point. */
  cast: number;
  /** How many photos the cast spread was measured over. */
  whitePoints: number;
}

/** Below this share of near-neutral pixels a photo's white point says little: harmonisation's own threshold. */
export { MIN_NEUTRAL_SHARE as WHITE_POINT_SHARE } from '../harmonise';
import { median } from '../harmonise';

/**
 * The spread of an order's photos; `hasWhitePoint[i]` says whether photo i's white point counts. The caller fixes
 * that set once per order, so the spreads before and after harmonisation are over the same photos.
 */
export const orderSpread = (looks: readonly SpreadLook[], hasWhitePoint: readonly boolean[]): OrderSpread => {
  if (!looks.length)
    return { exposureFromMedian: 0, exposureBelowMedian: 0, exposureRange: 0, cast: 0, whitePoints: 0 };
  const evs = looks.map((l) => l.exposureEv);
  const centre = median(evs);
  const neutral = looks.filter((_, i) => hasWhitePoint[i]);
  let cast = 0;
  for (const [i, a] of neutral.entries())
    for (const b of neutral.slice(i + 1)) cast = Math.max(cast, Math.hypot(a.castA - b.castA, a.castB - b.castB));
  return {
    exposureFromMedian: Math.max(...evs.map((ev) => Math.abs(ev - centre))),
    exposureBelowMedian: Math.max(0, ...evs.map((ev) => centre - ev)),
    exposureRange: Math.max(...evs) - Math.min(...evs),
    cast,
    whitePoints: neutral.length,
  };
};
