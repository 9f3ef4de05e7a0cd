import { LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR, clamp, ramp } from '../color';
import { longSide, type RgbImage } from '../rgb-image';
import { stage } from '../stage';
import type { EnhancementReport } from '../types';

/**
 * Converging verticals. With the camera pitched by phi, world verticals meet at a vanishing point, and a line that
 * crosses the centre row at offset u from the centre leans by dx/dy = roll + k * u, where k = tan(phi) / f. We find
 * straight near-vertical edge segments, fit (roll, k) by consensus, and undo them with the homography that sends the
 * vanishing point to infinity.
 *
 * A photo must be straightened alike whatever its exposure, cast or noise: edges are found on the log of a blurred
 * luminance offset by a share of the photo's own mean (a gain shifts the log and changes no gradient), broken edges
 * are joined again, and the correction is made in full once the evidence is half-way (a fraction of a large pitch
 * undone is neither upright nor as taken), growing over a short ramp below that instead of switching on at a point.
 */
export interface VerticalsEstimate {
  /** Lean per pixel of offset from the centre, in the measured image's pixels. */
  k: number;
  /** Common lean (dx/dy) of every vertical: camera roll. */
  roll: number;
  /** Segments that agree with the fit. */
  lines: number;
  /** Length-weighted RMS of the fit, in dx/dy units. */
  residual: number;
  pitchDeg: number;
  rollDeg: number;
  /** Standard error of the measured pitch, degrees (Infinity when nothing was measured). */
  pitchErrorDeg: number;
  /** How far the measurement is trusted, 0-1: its standard error, the agreeing length and lines, ramped. */
  evidence: number;
  /** The (k, roll) undone: the measured ones bounded and times the trusted share; zero when nothing is corrected. */
  correction: { k: number; roll: number };
  /** The pitch that `correction` undoes, degrees: what a host is told was straightened. */
  correctedPitchDeg: number;
  /** The roll that `correction` undoes, degrees. */
  correctedRollDeg: number;
  /** Whether the crop limit held the correction back (MAX_CROPPED_AREA). */
  eased: boolean;
  /** Whether any correction is applied, and why not when none is. */
  correct: boolean;
  reason: string;
}

/**
 * A larger pitch is undone only up to this; a larger roll is held back (a misreading or an intended angle, and the
 * shear that undoes a roll would slant the horizontals visibly), while the pitch is still undone.
 */
export const MAX_PITCH_DEG = 20;
export const MAX_ROLL_DEG = 3;
/**
 * Past this pitch the reading is taken for a misreading or an intended angle. Rooms are often shot pitched down by
 * 15-20°: a bound nearer those readings left two copies of a photo on either side of it straightened by different
 * amounts.
 */
const FAR_PITCH_DEG = 25;
/** Horizontal field of view assumed when converting k to degrees: a phone's main camera (about 26 mm equivalent). */
const FOCAL_PER_LONG_SIDE = 0.75;

/** Log luminance is taken of Y + this share of the mean Y: a gain shifts the log, and dark noise stays damped. */
const LOG_OFFSET = 0.3;
/** Rows averaged each way down the columns before the gradient: grain averages out along near-vertical edges. */
const COLUMN_REACH = 4;
/** Horizontal Sobel response on log2 luminance that starts a segment (an edge of about a fifth of a stop)... */
const EDGE_START = 0.6;
/** ...and that continues one, so an edge fading for a few rows is followed rather than cut. */
const EDGE_CONTINUE = 0.3;
/** Edge direction within about 22 degrees of vertical. */
const EDGE_STEEPNESS = 2.5;
/** A segment's next point lies within this many pixels of the segment's line, at most GAP rows on. */
const LINK_TOLERANCE = 1;
const GAP = 3;
/** Pieces of one edge at least this long (share of the height) are joined when their lines meet within... */
const MIN_PIECE = 0.02;
/** ...this many pixels across a gap of at most this share of the height. */
const JOIN_TOLERANCE = 1.5;
const MAX_JOIN_GAP = 0.05;
/** Segments shorter than this share of the height are texture, not walls, frames or furniture edges. */
const MIN_SEGMENT = 0.12;
/** Segments this close to the left or right edge are the frame or a scanner's border, not the scene. */
const SIDE_MARGIN = 0.02;
/** Longest segments considered for the consensus. */
const CANDIDATES = 80;

interface Segment {
  /** Offset from the centre column where the segment, extended, crosses the centre row. */
  u: number;
  /** dx/dy. */
  slope: number;
  /** Rows spanned, as a share of the height. */
  length: number;
  /** Standard error of the slope. */
  slopeError: number;
}

/** Log2 luminance of the photo after a [1 2 1] blur across and a running mean down the columns. */
const logLuma = (small: RgbImage): Float32Array => {
  const { width, height, data } = small;
  const n = width * height;
  const y = new Float32Array(n);
  let sum = 0;
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    y[p] =
      LUMA_R * SRGB_TO_LINEAR[data[i]] + LUMA_G * SRGB_TO_LINEAR[data[i + 1]] + LUMA_B * SRGB_TO_LINEAR[data[i + 2]];
    sum += y[p];
  }
  const across = new Float32Array(n);
  for (let r = 0; r < height; r++) {
    const o = r * width;
    for (let x = 0; x < width; x++)
      across[o + x] = (y[o + Math.max(x - 1, 0)] + 2 * y[o + x] + y[o + Math.min(x + 1, width - 1)]) / 4;
  }
  const offset = Math.max((LOG_OFFSET * sum) / n, 1e-4);
  const rows = 2 * COLUMN_REACH + 1;
  for (let x = 0; x < width; x++) {
    let acc = 0;
    for (let d = -COLUMN_REACH; d <= COLUMN_REACH; d++) acc += across[clamp(d, 0, height - 1) * width + x];
    for (let r = 0; r < height; r++) {
      y[r * width + x] = Math.log2(acc / rows + offset);
      acc +=
        across[Math.min(r + COLUMN_REACH + 1, height - 1) * width + x] -
        across[Math.max(r - COLUMN_REACH, 0) * width + x];
    }
  }
  return y;
};

/** Running sums of one chain of edge points, for the line fit x = mx + slope (y - my). */
interface Chain {
  n: number;
  sy: number;
  sx: number;
  syy: number;
  sxy: number;
  sxx: number;
  first: number;
  last: number;
  lastX: number;
  sign: number;
}

const lineOf = ({ n, sy, sx, syy, sxy, sxx }: Chain) => {
  const my = sy / n;
  const mx = sx / n;
  const vyy = syy / n - my * my;
  const vxy = sxy / n - mx * my;
  const slope = vyy > 1e-9 ? vxy / vyy : 0;
  return { my, mx, vyy, slope, rms: Math.sqrt(Math.max(sxx / n - mx * mx - slope * vxy, 0)) };
};

const addPoint = (chain: Chain, x: number, y: number) => {
  chain.n++;
  chain.sy += y;
  chain.sx += x;
  chain.syy += y * y;
  chain.sxy += x * y;
  chain.sxx += x * x;
  chain.last = y;
  chain.lastX = x;
};

/**
 * Chains of edge points down the rows. Each row's edge points (local maxima of the horizontal gradient, placed to a
 * sub-pixel by a parabola) join the chain whose least-squares line passes within LINK_TOLERANCE of them, so a chain
 * ends where its edge bends or stops, and one long edge gives one chain, not a fan of slopes.
 */
const traceChains = (small: RgbImage): Chain[] => {
  const { width, height } = small;
  const luma = logLuma(small);
  const chains: Chain[] = [];
  // Chain index + 1 at the rounded column of its point, for each of the last GAP rows.
  const owners = Array.from({ length: GAP }, () => new Int32Array(width));
  const claimed = new Int32Array(width);
  const gx = new Float32Array(width);
  const predict = (chain: Chain, y: number) => {
    if (chain.n < 6) return chain.lastX;
    const { mx, my, slope } = lineOf(chain);
    return mx + slope * (y - my);
  };
  for (let y = 1; y < height - 1; y++) {
    const o = y * width;
    gx.fill(0);
    for (let x = 1; x < width - 1; x++) {
      const p = o + x;
      const h =
        luma[p - width + 1] +
        2 * luma[p + 1] +
        luma[p + width + 1] -
        luma[p - width - 1] -
        2 * luma[p - 1] -
        luma[p + width - 1];
      const v =
        luma[p + width - 1] +
        2 * luma[p + width] +
        luma[p + width + 1] -
        luma[p - width - 1] -
        2 * luma[p - width] -
        luma[p - width + 1];
      if (Math.abs(h) >= EDGE_CONTINUE && Math.abs(h) >= EDGE_STEEPNESS * Math.abs(v)) gx[x] = h;
    }
    claimed.fill(0);
    for (let x = 2; x < width - 2; x++) {
      const g = Math.abs(gx[x]);
      if (g === 0 || g < Math.abs(gx[x - 1]) || g <= Math.abs(gx[x + 1])) continue;
      const a = Math.abs(gx[x - 1]);
      const c = Math.abs(gx[x + 1]);
      const curve = a - 2 * g + c;
      const px = x + (curve < 0 ? clamp((a - c) / (2 * curve), -0.5, 0.5) : 0);
      const sign = gx[x] > 0 ? 1 : -1;
      let best = -1;
      let bestDistance = LINK_TOLERANCE;
      for (let back = 1; back <= GAP && best < 0 && y - back >= 1; back++) {
        const map = owners[(y - back) % GAP];
        for (let col = x - 2; col <= x + 2; col++) {
          const index = map[col] - 1;
          if (index < 0) continue;
          const chain = chains[index];
          if (chain.sign !== sign || chain.last !== y - back) continue;
          const distance = Math.abs(predict(chain, y) - px);
          if (distance <= bestDistance) {
            best = index;
            bestDistance = distance;
          }
        }
      }
      if (best < 0) {
        if (g < EDGE_START) continue;
        best = chains.length;
        chains.push({ n: 0, sy: 0, sx: 0, syy: 0, sxy: 0, sxx: 0, first: y, last: y, lastX: px, sign });
      }
      addPoint(chains[best], px, y);
      claimed[x] = best + 1;
    }
    // The map of row y - GAP is read above and replaced by row y's only now.
    owners[y % GAP].set(claimed);
  }
  return chains;
};

/**
 * Grain or a passing object breaks an edge into pieces; pieces whose lines meet across a short gap are joined, so a
 * noisy copy of a photo keeps the long edges of the clean one.
 */
const joinPieces = (chains: Chain[], height: number): Chain[] => {
  const pieces = chains.filter((c) => c.last - c.first >= MIN_PIECE * height).sort((a, b) => a.first - b.first);
  const joined: Chain[] = [];
  for (const piece of pieces) {
    const b = lineOf(piece);
    let best: Chain | null = null;
    let bestDistance = JOIN_TOLERANCE;
    for (const chain of joined) {
      if (chain.sign !== piece.sign || chain.last >= piece.first || piece.first - chain.last > MAX_JOIN_GAP * height)
        continue;
      const a = lineOf(chain);
      // Each line must pass near the other's middle.
      const distance = Math.max(
        Math.abs(a.mx + a.slope * (b.my - a.my) - b.mx),
        Math.abs(b.mx + b.slope * (a.my - b.my) - a.mx),
      );
      if (distance <= bestDistance) {
        best = chain;
        bestDistance = distance;
      }
    }
    if (!best) {
      joined.push({ ...piece });
      continue;
    }
    best.n += piece.n;
    best.sy += piece.sy;
    best.sx += piece.sx;
    best.syy += piece.syy;
    best.sxy += piece.sxy;
    best.sxx += piece.sxx;
    best.last = piece.last;
  }
  return joined;
};

/** Straight near-vertical segments, longest first. */
const findSegments = (small: RgbImage): Segment[] => {
  const { width, height } = small;
  const margin = Math.max(3, SIDE_MARGIN * width);
  const segments: Segment[] = [];
  for (const chain of joinPieces(traceChains(small), height)) {
    const span = chain.last - chain.first + 1;
    if (span < MIN_SEGMENT * height || chain.n < 0.6 * span) continue;
    const { my, mx, vyy, slope, rms } = lineOf(chain);
    if (mx < margin || mx > width - margin) continue;
    segments.push({
      u: mx + slope * (height / 2 - my) - width / 2,
      slope,
      length: span / height,
      // A floor on the point scatter: quantisation and blur leave about a tenth of a pixel.
      slopeError: Math.max(rms, 0.1) / Math.sqrt(chain.n * vyy),
    });
  }
  return segments.sort((a, b) => b.length - a.length);
};

interface Fit {
  k: number;
  roll: number;
  /** Segments that agree with the fit (agreement above a half). */
  lines: number;
  /** Agreeing length: each segment's length times its agreement, in heights. */
  support: number;
  residual: number;
  kError: number;
}

/** Slack for real verticals that are not quite vertical (furniture, hand-hung frames), in dx/dy. */
const SLOPE_SLACK = 0.003;

/**
 * How well a segment agrees with a reading: a smooth weight (Tukey's biweight) of its slope's distance from the
 * reading's, in its own tolerance. Smooth, so a segment that moves a little between copies of a photo moves the fit
 * a little, where a hard inlier test would flip it.
 */
const agreement = (segment: Segment, k: number, roll: number) => {
  const t = (segment.slope - roll - k * segment.u) / (2 * SLOPE_SLACK + 4 * segment.slopeError);
  return t * t < 1 ? (1 - t * t) ** 2 : 0;
};

const supportOf = (segments: Segment[], k: number, roll: number) =>
  segments.reduce((a, s) => a + s.length * agreement(s, k, roll), 0);

/** Weighted least squares of slope = roll + k u, with the standard error of k. */
const leastSquares = (segments: Segment[], weights: number[]) => {
  let sw = 0;
  let sww = 0;
  let su = 0;
  let ss = 0;
  let suu = 0;
  let sus = 0;
  segments.forEach(({ u, slope }, i) => {
    const w = weights[i];
    sw += w;
    sww += w * w;
    su += w * u;
    ss += w * slope;
    suu += w * u * u;
    sus += w * u * slope;
  });
  const spread = suu - (su * su) / sw;
  const k = spread > 1e-9 ? (sus - (su * ss) / sw) / spread : 0;
  const roll = (ss - k * su) / sw;
  let err = 0;
  let noise = 0;
  segments.forEach((s, i) => {
    err += weights[i] * (s.slope - roll - k * s.u) ** 2;
    noise += weights[i] * (s.slopeError ** 2 + SLOPE_SLACK ** 2);
  });
  // Scatter no smaller than the segments' own slope errors plus the slack: a perfect fit of few lines is not proof.
  const scatter = Math.max(err, noise) / sw;
  const effective = (sw * sw) / sww;
  const kError = spread > 1e-9 ? Math.sqrt((scatter * sw) / spread / Math.max(effective - 2, 0.5)) : Infinity;
  return { k, roll, residual: Math.sqrt(err / sw), kError };
};

/**
 * Consensus over every pair of the longest segments far enough apart (the reading most length agrees with), then
 * least squares reweighted by agreement from it, so chair legs and picture frames cannot pull the fit.
 */
const consensus = (segments: Segment[], width: number, maxK: number, maxRoll: number): Fit | null => {
  const candidates = segments.slice(0, CANDIDATES);
  let best: { k: number; roll: number; score: number } | null = null;
  for (let i = 0; i < candidates.length; i++)
    for (let j = i + 1; j < candidates.length; j++) {
      const a = candidates[i];
      const b = candidates[j];
      if (Math.abs(a.u - b.u) < 0.1 * width) continue;
      const k = (a.slope - b.slope) / (a.u - b.u);
      const roll = a.slope - k * a.u;
      if (Math.abs(k) > maxK || Math.abs(roll) > maxRoll) continue;
      const score = supportOf(segments, k, roll);
      if (!best || score > best.score) best = { k, roll, score };
    }
  if (!best) return null;
  let { k, roll } = best;
  let fit = { k, roll, residual: 0, kError: Infinity };
  for (let round = 0; round < 5; round++) {
    const weights = segments.map((s) => s.length * agreement(s, k, roll));
    if (weights.filter((w) => w > 0).length < 3) return null;
    fit = leastSquares(segments, weights);
    ({ k, roll } = fit);
  }
  const lines = segments.filter((s) => agreement(s, k, roll) > 0.5).length;
  return { ...fit, lines, support: supportOf(segments, k, roll) };
};

/**
 * Evidence ramps, chosen on the tune half of the rooms and exposure photos with the degradation benchmark's
 * photometric copies: standard error of the pitch (degrees), agreeing length (heights), its share of all segment
 * length, agreeing lines, and roll (degrees) past MAX_ROLL_DEG. Below MIN_PITCH and MIN_ROLL a tilt is hardly seen and
 * is left alone: correcting it would cost a crop and a resampling for little.
 */
const PITCH_ERROR = [0.6, 0.5];
const SUPPORT = [1.2, 1.3];
const SUPPORT_SHARE = [0.1, 0.2];
const LINES = [4, 6];
const ROLL_BOUND = [MAX_ROLL_DEG + 0.3, MAX_ROLL_DEG];
const MIN_PITCH = [2, 3];
const MIN_ROLL = [0.5, 1];
/**
 * Evidence from which a correction is made at all, and from which it is made in full. A correction scaled by the
 * evidence itself straightened one photo by different amounts from copy to copy (a noisy copy of room `11` lost three
 * of its eight agreeing lines and was straightened 9.1° where the original was 13.2°), and half a correction of a
 * 19° pitch leaves a photo neither upright nor as taken. Chosen on the tune half with the steadiness figure (changelog
 * 2.5.1).
 */
const TRUSTED_EVIDENCE = [0.25, 0.5];

/** Share of a correction the evidence allows, 0-1: 0 where the reading is not trusted at all. */
export const trustOf = (evidence: number): number => ramp(evidence, TRUSTED_EVIDENCE[0], TRUSTED_EVIDENCE[1]);

/** Corrected (u, v) -> source offsets (dx, dy) from the centre, for a pitch k and a roll r. */
const sourceOffsets =
  (k: number, r: number) =>
  (u: number, v: number): [number, number] => {
    const d = v / (1 - k * v);
    return [u * (1 + k * d) + r * d, d];
  };

/**
 * The crop of a correction: the largest rectangle of the frame's aspect ratio holding only real pixels, as its scale
 * (`alpha`, linear, 1 = the whole frame) and its vertical centre in corrected coordinates.
 */
const cropOf = (width: number, height: number, k: number, r: number): { alpha: number; vCentre: number } => {
  const cx = width / 2;
  const cy = height / 2;
  const toSource = sourceOffsets(k, r);
  const inside = (u: number, v: number) => {
    const [dx, dy] = toSource(u, v);
    return 1 - k * v > 0 && Math.abs(dx) <= cx - 0.5 && Math.abs(dy) <= cy - 0.5;
  };
  const vTop = -cy / (1 - k * cy);
  const vBottom = cy / (1 + k * cy);
  const vCentre = (vTop + vBottom) / 2;
  let lo = 0.5;
  let hi = 1;
  for (let i = 0; i < 30; i++) {
    const alpha = (lo + hi) / 2;
    const hw = cx * alpha;
    const hh = cy * alpha;
    const fits =
      inside(-hw, vCentre - hh) && inside(hw, vCentre - hh) && inside(-hw, vCentre + hh) && inside(hw, vCentre + hh);
    if (fits) lo = alpha;
    else hi = alpha;
  }
  return { alpha: lo, vCentre };
};

/**
 * Share of the frame's area a correction may crop away at most: about what undoing 8° costs a 4:3 frame. Bedrooms
 * shot 12-20° down, undone in full at a fifth of the frame, lost the foot of the bed and kept a strip of the window;
 * a listing photo that loses the room is worse than one that leans. Past this share the correction is eased off.
 */
export const MAX_CROPPED_AREA = 0.12;

/** Share of the frame's area a correction crops away (0: none), for a frame of this size. */
export const croppedArea = (width: number, height: number, correction: { k: number; roll: number }): number =>
  1 - cropOf(width, height, correction.k, correction.roll).alpha ** 2;

/** The share (0..1] of a correction that crops at most MAX_CROPPED_AREA of the frame. */
const framingKept = (width: number, height: number, correction: { k: number; roll: number }): number => {
  const cropped = (t: number) => croppedArea(width, height, { k: correction.k * t, roll: correction.roll * t });
  if (cropped(1) <= MAX_CROPPED_AREA) return 1;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 20; i++) {
    const t = (lo + hi) / 2;
    if (cropped(t) <= MAX_CROPPED_AREA) lo = t;
    else hi = t;
  }
  return lo;
};

export const estimateVerticals = (small: RgbImage): VerticalsEstimate => {
  const focal = FOCAL_PER_LONG_SIDE * Math.max(small.width, small.height);
  const toDeg = (t: number) => (Math.atan(t) * 180) / Math.PI;
  const segments = findSegments(small);
  const maxK = Math.tan(((FAR_PITCH_DEG + 3) * Math.PI) / 180) / focal;
  const maxRoll = Math.tan(((MAX_ROLL_DEG + 3) * Math.PI) / 180);
  const fit = consensus(segments, small.width, maxK, maxRoll);
  const none = { k: 0, roll: 0 };
  if (!fit)
    return {
      ...{ k: 0, roll: 0, lines: 0, residual: 0, pitchDeg: 0, rollDeg: 0, pitchErrorDeg: Infinity, evidence: 0 },
      correction: none,
      correctedPitchDeg: 0,
      correctedRollDeg: 0,
      eased: false,
      correct: false,
      reason: 'too few vertical lines to measure',
    };
  const pitchDeg = toDeg(fit.k * focal);
  const rollDeg = toDeg(fit.roll);
  const pitchErrorDeg = toDeg(fit.kError * focal);
  const totalLength = segments.reduce((a, s) => a + s.length, 0);
  const evidence = Math.min(
    ramp(pitchErrorDeg, PITCH_ERROR[0], PITCH_ERROR[1]),
    ramp(fit.support, SUPPORT[0], SUPPORT[1]),
    ramp(fit.support / totalLength, SUPPORT_SHARE[0], SUPPORT_SHARE[1]),
    ramp(fit.lines, LINES[0], LINES[1]),
  );
  const result = {
    k: fit.k,
    roll: fit.roll,
    lines: fit.lines,
    residual: fit.residual,
    pitchDeg,
    rollDeg,
    pitchErrorDeg,
    evidence,
  };
  const refuse = (reason: string): VerticalsEstimate => ({
    ...result,
    correction: none,
    correctedPitchDeg: 0,
    correctedRollDeg: 0,
    eased: false,
    correct: false,
    reason,
  });
  const bound = ramp(Math.abs(rollDeg), ROLL_BOUND[0], ROLL_BOUND[1]);
  if (Math.abs(pitchDeg) > FAR_PITCH_DEG || bound === 0) return refuse('tilt beyond the safe bound');
  const trust = trustOf(evidence);
  if (trust === 0) return refuse('too few agreeing vertical lines spread across the width to measure');
  const pitchNeed = ramp(Math.abs(pitchDeg), MIN_PITCH[0], MIN_PITCH[1]);
  const rollNeed = ramp(Math.abs(rollDeg), MIN_ROLL[0], MIN_ROLL[1]);
  if (Math.max(pitchNeed, rollNeed) === 0) return refuse('already straight');
  // The roll bound fades the roll only: the shear that undoes a roll would slant the horizontals, undoing the pitch
  // does not. When it faded both, a roll read either side of 3° (the Colombian bedroom: -2.9° to -3.2° across its
  // copies) decided whether a 19° pitch was undone. A roll past the bound no longer asks for a correction itself.
  const pitchShare = trust * Math.max(pitchNeed, rollNeed * bound);
  const rollShare = trust * Math.max(pitchNeed, rollNeed) * bound;
  // A pitch past MAX_PITCH_DEG is undone up to it, so photos on either side of the bound are treated alike.
  const bounded = (deg: number, max: number) => Math.tan((clamp(deg, -max, max) * Math.PI) / 180);
  const full = {
    k: (pitchShare * bounded(pitchDeg, MAX_PITCH_DEG)) / focal,
    roll: rollShare * bounded(rollDeg, MAX_ROLL_DEG),
  };
  const kept = framingKept(small.width, small.height, full);
  const correction = { k: full.k * kept, roll: full.roll * kept };
  const reason =
    kept < 1
      ? 'corrected in part: to keep most of the frame'
      : Math.abs(pitchDeg) > MAX_PITCH_DEG || bound < 1
        ? 'corrected up to the bound'
        : pitchShare < 1
          ? 'corrected in part: weak evidence'
          : 'corrected';
  return {
    ...result,
    correction,
    correctedPitchDeg: toDeg(correction.k * focal),
    correctedRollDeg: toDeg(correction.roll),
    eased: kept < 1,
    correct: true,
    reason,
  };
};

/**
 * Applies the correction in place at full size. The corrected frame is cropped to the largest rectangle of the
 * original aspect ratio that holds only real pixels and scaled back to the input size. Rows are written top to
 * bottom; the few source rows still needed after being overwritten are kept aside, so no second full image exists.
 */
export const correctVerticals = (
  image: RgbImage,
  correction: { k: number; roll: number },
  measuredLongSide: number,
): void => {
  const { width, height, data } = image;
  const scale = Math.max(width, height) / measuredLongSide;
  const k = correction.k / scale;
  const r = correction.roll;
  const cx = width / 2;
  const cy = height / 2;
  const toSource = sourceOffsets(k, r);
  const { alpha, vCentre } = cropOf(width, height, k, r);

  const rowBytes = width * 3;
  const rowSource = new Float64Array(height);
  for (let y = 0; y < height; y++) rowSource[y] = cy + toSource(0, vCentre + (y + 0.5 - cy) * alpha)[1] - 0.5;
  const firstRow = (y: number) => clamp(Math.floor(rowSource[y]), 0, height - 1);
  const kept = new Map<number, Uint8Array>();
  const row = (j: number) => kept.get(j) ?? data.subarray(j * rowBytes, (j + 1) * rowBytes);
  const out = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const v = vCentre + (y + 0.5 - cy) * alpha;
    const d = v / (1 - k * v);
    const j0 = firstRow(y);
    const j1 = Math.min(j0 + 1, height - 1);
    const wy = clamp(rowSource[y] - j0, 0, 1);
    const top = row(j0);
    const bottom = row(j1);
    // Along a row the source x is affine in the output x.
    const stretch = (1 + k * d) * alpha;
    const start = cx + (0.5 - cx) * stretch + r * d - 0.5;
    for (let x = 0; x < width; x++) {
      const sx = clamp(start + x * stretch, 0, width - 1);
      const i0 = Math.min(Math.floor(sx), width - 2 < 0 ? 0 : width - 2);
      const wx = width > 1 ? sx - i0 : 0;
      const a = i0 * 3;
      const b = a + (width > 1 ? 3 : 0);
      for (let c = 0; c < 3; c++) {
        const t = top[a + c] + (top[b + c] - top[a + c]) * wx;
        const btm = bottom[a + c] + (bottom[b + c] - bottom[a + c]) * wx;
        out[x * 3 + c] = Math.round(t + (btm - t) * wy);
      }
    }
    const next = y + 1 < height ? firstRow(y + 1) : height;
    if (next <= y) kept.set(y, data.slice(y * rowBytes, (y + 1) * rowBytes));
    data.set(out, y * rowBytes);
    for (const j of kept.keys()) if (j < next) kept.delete(j);
  }
};

/**
 * Photos darker than this (log-average, EV) are not straightened. Their edges are the sensor noise's as much as the
 * room's: copies of one such photo come out straightened differently, and night scenes read as pitched. Rooms in
 * ordinary light measure -1.5 EV and up, so their -1 EV copies are still straightened like them.
 */
export const VERTICALS_MIN_EV = -3;

/**
 * Straightens another copy of the photo, of any size, as its report says the photo was straightened: the same warp
 * and crop in the frame's own proportions. The "before" preview gets it, so the slider's two halves line up pixel for
 * pixel instead of the picture jumping as the divider moves.
 */
export const straightenAsReported = (
  image: RgbImage,
  verticals: EnhancementReport['corrections']['verticals'] | undefined,
): void => {
  if (!verticals?.applied) return;
  const side = longSide(image);
  const correction = {
    k: Math.tan((verticals.correctedPitchDeg * Math.PI) / 180) / (FOCAL_PER_LONG_SIDE * side),
    roll: Math.tan(((verticals.correctedRollDeg ?? 0) * Math.PI) / 180),
  };
  correctVerticals(image, correction, side);
};

/** Converging verticals, measured on the analysis copy, corrected at full size. */
export const verticalsStage = stage<{ estimate: VerticalsEstimate; straighten: boolean; reason: string }>({
  name: 'verticals',
  plan: ({ small, options, before }) => {
    const estimate = estimateVerticals(small);
    const withheld =
      options.correctVerticals === false
        ? 'disabled'
        : before.exposureEv < VERTICALS_MIN_EV
          ? 'too dark to measure reliably'
          : null;
    return { estimate, straighten: !withheld && estimate.correct, reason: withheld ?? estimate.reason };
  },
  apply: ({ image, small }, { estimate, straighten }) => {
    if (straighten) correctVerticals(image, estimate.correction, longSide(small));
  },
  report: ({ estimate, straighten, reason }) => ({
    verticals: {
      applied: straighten,
      pitchDeg: estimate.pitchDeg,
      correctedPitchDeg: straighten ? estimate.correctedPitchDeg : 0,
      correctedRollDeg: straighten ? estimate.correctedRollDeg : 0,
      rollDeg: estimate.rollDeg,
      lines: estimate.lines,
      reason,
    },
  }),
});
