import { LUMA_B, LUMA_G, LUMA_R, clamp } from '../color';
import type { RgbImage } from '../rgb-image';

/**
 * Converging verticals. With the camera pitched by phi, world verticals meet at a vanishing point, and a line that
 * crosses the centre row at offset u from the centre leans by dx/dy = roll + k * u, where k = tan(phi) / f. We find
 * near-vertical lines with a Hough transform restricted to steep slopes, fit (roll, k) robustly, and undo them with
 * the homography that sends the vanishing point to infinity.
 */
export interface VerticalsEstimate {
  /** Lean per pixel of offset from the centre, in the measured image's pixels. */
  k: number;
  /** Common lean (dx/dy) of every vertical: camera roll. */
  roll: number;
  lines: number;
  /** Weighted RMS of the fit, in dx/dy units. */
  residual: number;
  pitchDeg: number;
  rollDeg: number;
  /** Whether the estimate is trustworthy and within bounds, and why not when it is not. */
  correct: boolean;
  reason: string;
}

/** Beyond these the photo is left alone: a steeper tilt is either intentional or a misreading. */
export const MAX_PITCH_DEG = 15;
export const MAX_ROLL_DEG = 3;
const MIN_PITCH_DEG = 1;
const MIN_ROLL_DEG = 0.5;
const MIN_LINES = 5;
/** Horizontal field of view assumed when converting k to degrees: a phone's main camera (about 26 mm equivalent). */
const FOCAL_PER_LONG_SIDE = 0.75;

const SLOPE_LIMIT = 0.3;
const SLOPE_STEP = 0.004;
const SLOPE_WINDOW = 0.05;

interface Line {
  x0: number;
  slope: number;
  votes: number;
}

const houghLines = (small: RgbImage): Line[] => {
  const { width, height, data } = small;
  const luma = new Float32Array(width * height);
  for (let p = 0, i = 0; p < luma.length; p++, i += 3)
    luma[p] = LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2];
  const cy = height / 2;
  const slopeBins = Math.round((2 * SLOPE_LIMIT) / SLOPE_STEP) + 1;
  const xMin = -Math.round(width * 0.25);
  const xBins = Math.round(width * 1.5);
  const votes = new Float32Array(slopeBins * xBins);
  const windowBins = Math.round(SLOPE_WINDOW / SLOPE_STEP);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const gx =
        luma[p - width + 1] +
        2 * luma[p + 1] +
        luma[p + width + 1] -
        luma[p - width - 1] -
        2 * luma[p - 1] -
        luma[p + width - 1];
      const gy =
        luma[p + width - 1] +
        2 * luma[p + width] +
        luma[p + width + 1] -
        luma[p - width - 1] -
        2 * luma[p - width] -
        luma[p - width + 1];
      const ax = Math.abs(gx);
      // A clear edge (about 12 levels across) whose direction is within 17 degrees of vertical.
      if (ax < 48 || ax < 3.3 * Math.abs(gy)) continue;
      const slope = -gy / gx;
      const centre = Math.round((slope + SLOPE_LIMIT) / SLOPE_STEP);
      const dy = y - cy;
      for (let s = Math.max(0, centre - windowBins); s <= Math.min(slopeBins - 1, centre + windowBins); s++) {
        const x0 = Math.round(x - (s * SLOPE_STEP - SLOPE_LIMIT) * dy) - xMin;
        if (x0 >= 0 && x0 < xBins) votes[s * xBins + x0]++;
      }
    }
  }
  // Peaks: local maxima over a neighbourhood, long enough to be a wall edge or frame rather than texture.
  const minVotes = Math.max(12, height * 0.2);
  const lines: Line[] = [];
  for (let s = 0; s < slopeBins; s++) {
    for (let x = 0; x < xBins; x++) {
      const v = votes[s * xBins + x];
      if (v < minVotes) continue;
      let isPeak = true;
      for (let ds = -4; ds <= 4 && isPeak; ds++) {
        const ss = s + ds;
        if (ss < 0 || ss >= slopeBins) continue;
        for (let dx = -4; dx <= 4; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= xBins || (ds === 0 && dx === 0)) continue;
          const other = votes[ss * xBins + xx];
          if (other > v || (other === v && (ds < 0 || (ds === 0 && dx < 0)))) {
            isPeak = false;
            break;
          }
        }
      }
      if (isPeak) lines.push({ x0: x + xMin, slope: s * SLOPE_STEP - SLOPE_LIMIT, votes: v });
    }
  }
  return lines.sort((a, b) => b.votes - a.votes).slice(0, 40);
};

const fit = (lines: Line[], cx: number) => {
  let sw = 0;
  let su = 0;
  let ss = 0;
  let suu = 0;
  let sus = 0;
  for (const line of lines) {
    const u = line.x0 - cx;
    sw += line.votes;
    su += line.votes * u;
    ss += line.votes * line.slope;
    suu += line.votes * u * u;
    sus += line.votes * u * line.slope;
  }
  const det = sw * suu - su * su;
  const k = det > 1e-9 ? (sw * sus - su * ss) / det : 0;
  const roll = (ss - k * su) / sw;
  let err = 0;
  for (const line of lines) err += line.votes * (line.slope - roll - k * (line.x0 - cx)) ** 2;
  return { k, roll, residual: Math.sqrt(err / sw) };
};

export const estimateVerticals = (small: RgbImage): VerticalsEstimate => {
  const cx = small.width / 2;
  let lines = houghLines(small);
  let model = fit(lines, cx);
  for (let round = 0; round < 3 && lines.length >= MIN_LINES; round++) {
    const kept = lines.filter((line) => Math.abs(line.slope - model.roll - model.k * (line.x0 - cx)) < 0.02);
    if (kept.length < MIN_LINES) break;
    lines = kept;
    model = fit(lines, cx);
  }
  const focal = FOCAL_PER_LONG_SIDE * Math.max(small.width, small.height);
  const pitchDeg = (Math.atan(model.k * focal) * 180) / Math.PI;
  const rollDeg = (Math.atan(model.roll) * 180) / Math.PI;
  const result = { k: model.k, roll: model.roll, lines: lines.length, residual: model.residual, pitchDeg, rollDeg };
  const refuse = (reason: string): VerticalsEstimate => ({ ...result, correct: false, reason });
  const left = lines.filter((line) => line.x0 < cx - small.width * 0.1).length;
  const right = lines.filter((line) => line.x0 > cx + small.width * 0.1).length;
  if (lines.length < MIN_LINES) return refuse('too few vertical lines to measure');
  if (left < 2 || right < 2) return refuse('vertical lines on one side only: convergence not measurable');
  if (model.residual > 0.008) return refuse('vertical lines disagree: not a clear camera tilt');
  if (Math.abs(pitchDeg) > MAX_PITCH_DEG || Math.abs(rollDeg) > MAX_ROLL_DEG)
    return refuse('tilt beyond the safe bound');
  if (Math.abs(pitchDeg) < MIN_PITCH_DEG && Math.abs(rollDeg) < MIN_ROLL_DEG) return refuse('already straight');
  return { ...result, correct: true, reason: 'corrected' };
};

/**
 * Applies the correction in place at full size. The corrected frame is cropped to the largest rectangle of the
 * original aspect ratio that holds only real pixels and scaled back to the input size. Rows are written top to
 * bottom; the few source rows still needed after being overwritten are kept aside, so no second full image exists.
 */
export const correctVerticals = (image: RgbImage, estimate: VerticalsEstimate, measuredLongSide: number): void => {
  const { width, height, data } = image;
  const scale = Math.max(width, height) / measuredLongSide;
  const k = estimate.k / scale;
  const r = estimate.roll;
  const cx = width / 2;
  const cy = height / 2;
  // Corrected (u, v) -> source offsets (dx, dy) from the centre.
  const toSource = (u: number, v: number): [number, number] => {
    const d = v / (1 - k * v);
    return [u * (1 + k * d) + r * d, d];
  };
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
  const alpha = lo;

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
