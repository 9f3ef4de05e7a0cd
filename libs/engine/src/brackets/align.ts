import { LUMA_B, LUMA_G, LUMA_R, ramp } from '../color';
import { type Plane, gaussianPyramid } from '../pyramid';
import type { RgbImage } from '../rgb-image';

/**
 * Module-level aliases: the loops here run per pixel, and a global lookup of `Math` or `Number` per call is many
 * times slower inside Jest's module sandbox, where the specs run them.
 */
const { abs, atan2, ceil, floor, hypot, log2, max, min, round, sqrt } = Math;
const { isNaN } = Number;

/**
 * Global alignment of one bracket frame to another: a similarity (shift, rotation, scale) estimated coarse to fine on
 * exposure-normalised luma. Handheld frames move a few pixels and turn a fraction of a degree between shots; a
 * similarity covers that (a tilt of the phone moves the picture almost as a shift at these angles).
 *
 * The frames differ in exposure, so the moving frame's codes are first mapped onto the reference's by matching their
 * histograms (exposure keeps the order of brightness); pixels clipped or near black in either frame carry no shape and
 * do not count. Coarsest level: an exhaustive search of shifts; then Gauss-Newton on the four parameters at every
 * level, with residuals weighted robustly (Huber) so a person or a curtain that moved pulls little.
 */

/** x' = m[0] x + m[1] y + m[2], y' = m[3] x + m[4] y + m[5]: from reference pixel coordinates to the frame's. */
export type Affine = [number, number, number, number, number, number];

export const IDENTITY: Affine = [1, 0, 0, 0, 1, 0];

/** A frame's luma (sRGB-encoded, 0..1) and how much each pixel counts for alignment (0 where clipped or black). */
export interface AlignPlane {
  width: number;
  height: number;
  luma: Float32Array;
  weight: Float32Array;
}

/** Largest channel from which a pixel counts as clipped (fully at the second), and the luma it counts from. */
const CLIPPED: [number, number] = [0.94, 0.985];
const DARK: [number, number] = [0.006, 0.03];
/**
 * What a clipped or black pixel still counts for: where two frames are several stops apart they may share almost no
 * pixel both exposed well (the dark frame shows only the window, the bright one only the room), and then the outline
 * of the window (white in one, the brightest part of the other) is all there is to align and compare.
 */
const SILHOUETTE_WEIGHT = 0.15;
/** The coarsest level's long side, and the share of each side searched for a shift there. */
const COARSEST_SIDE = 40;
const SEARCH_SHARE = 0.1;
/** Mean luma difference a shift of one coarsest-level pixel must save to be preferred to no shift. */
const SHIFT_PENALTY = 0.002;
/** Gauss-Newton iterations per level (coarse levels are cheap) and the step (px, at the level) that ends them. */
const ITERATIONS_COARSE = 30;
const ITERATIONS_FINE = 8;
const CONVERGED_PX = 0.005;
const MAX_STEP_PX = 1;
/** Least share of the reference's usable weight the moving frame must cover at the found shift. */
const MIN_OVERLAP = 0.35;

export const alignPlane = (image: RgbImage): AlignPlane => {
  const { width, height, data } = image;
  const luma = new Float32Array(width * height);
  const weight = new Float32Array(width * height);
  for (let p = 0, i = 0; p < luma.length; p++, i += 3) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const y = (LUMA_R * r + LUMA_G * g + LUMA_B * b) / 255;
    const top = (r > g ? (r > b ? r : b) : g > b ? g : b) / 255;
    luma[p] = y;
    weight[p] = ramp(top, CLIPPED[1], CLIPPED[0]) * ramp(y, DARK[0], DARK[1]);
  }
  const eroded = erode(weight, width, height, CLIPPED_MARGIN);
  for (let p = 0; p < eroded.length; p++) eroded[p] = SILHOUETTE_WEIGHT + (1 - SILHOUETTE_WEIGHT) * eroded[p];
  return { width, height, luma, weight: eroded };
};

/**
 * Pixels this close to a clipped or black one do not count either: an edge against a blown window is drawn where the
 * pixel grid happens to fall (a pixel a quarter covered by the window is already white), so its place jitters by up
 * to half a pixel from frame to frame.
 */
const CLIPPED_MARGIN = 2;

/** Minimum over a (2r+1)^2 window, edge-clamped (separable). */
const erode = (src: Float32Array, width: number, height: number, radius: number): Float32Array => {
  const rows = new Float32Array(src.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let least = Infinity;
      for (let k = max(0, x - radius); k <= min(width - 1, x + radius); k++) least = min(least, src[y * width + k]);
      rows[y * width + x] = least;
    }
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let least = Infinity;
      for (let k = max(0, y - radius); k <= min(height - 1, y + radius); k++) least = min(least, rows[k * width + x]);
      out[y * width + x] = least;
    }
  return out;
};

/** Share of a plane's pixels that carry shape (neither clipped nor black). */
export const usableShare = (plane: AlignPlane): number => {
  let sum = 0;
  for (let p = 0; p < plane.weight.length; p++) sum += plane.weight[p];
  return sum / plane.weight.length;
};

const BINS = 1024;

/**
 * Histogram matching: the reference code (0..1) at the same rank as each code of `from`, as a table of BINS + 1
 * entries. Exposure and the camera's tone curve keep the order of brightness, so this brings a darker or brighter
 * frame onto the reference's codes without knowing either curve.
 */
export const matchCodes = (from: Float32Array, to: Float32Array): Float32Array => {
  const cdf = (values: Float32Array) => {
    const histogram = new Float64Array(BINS + 1);
    for (let p = 0; p < values.length; p++) histogram[round(values[p] * BINS)]++;
    for (let i = 1; i <= BINS; i++) histogram[i] += histogram[i - 1];
    for (let i = 0; i <= BINS; i++) histogram[i] /= values.length;
    return histogram;
  };
  const source = cdf(from);
  const target = cdf(to);
  const table = new Float32Array(BINS + 1);
  let j = 0;
  for (let i = 0; i <= BINS; i++) {
    // The rank of the bin's middle: half of its own pixels below.
    const rank = (source[i] + (i > 0 ? source[i - 1] : 0)) / 2;
    while (j < BINS && target[j] < rank) j++;
    const below = j > 0 ? target[j - 1] : 0;
    const span = target[j] - below;
    const t = span > 0 ? (rank - below) / span : 0.5;
    table[i] = (j - 1 + (t < 0 ? 0 : t > 1 ? 1 : t) + 0.5) / BINS;
  }
  // Monotone and within 0..1 (the half-bin offset may step past either end).
  for (let i = 0; i <= BINS; i++) table[i] = min(1, max(i > 0 ? table[i - 1] : 0, table[i]));
  return table;
};

export const applyCodes = (values: Float32Array, table: Float32Array): Float32Array => {
  const out = new Float32Array(values.length);
  for (let p = 0; p < values.length; p++) {
    const f = values[p] * BINS;
    const i = min(BINS - 1, floor(f));
    out[p] = table[i] + (table[i + 1] - table[i]) * (f - i);
  }
  return out;
};

/** The transform at a pyramid level `level` steps coarser (a coarse pixel x sits on fine pixel 2x). */
const atLevel = (m: Affine, level: number): Affine => {
  const s = 2 ** level;
  return [m[0], m[1], m[2] / s, m[3], m[4], m[5] / s];
};
const fromLevel = (m: Affine, level: number): Affine => atLevel(m, -level);

/** a ∘ b: b first. */
export const compose = (a: Affine, b: Affine): Affine => [
  a[0] * b[0] + a[1] * b[3],
  a[0] * b[1] + a[1] * b[4],
  a[0] * b[2] + a[1] * b[5] + a[2],
  a[3] * b[0] + a[4] * b[3],
  a[3] * b[1] + a[4] * b[4],
  a[3] * b[2] + a[4] * b[5] + a[5],
];

/**
 * The same transform for the photo at another size (`scaleX` times as many pixels across): pixel centres line up as
 * a resize lines them up, (x + 0.5) * scale - 0.5.
 */
export const rescale = (m: Affine, scaleX: number, scaleY: number): Affine => {
  // Full = S ∘ m ∘ S⁻¹ with S(x) = (x + 0.5) s - 0.5.
  const [a, b, c, d, e, f] = m;
  const ox = 0.5 * scaleX - 0.5;
  const oy = 0.5 * scaleY - 0.5;
  // S⁻¹(X) = (X - o) / s.
  const a2 = a;
  const b2 = (b * scaleX) / scaleY;
  const d2 = (d * scaleY) / scaleX;
  const e2 = e;
  const c2 = scaleX * (c - (a * ox) / scaleX - (b * oy) / scaleY) + ox;
  const f2 = scaleY * (f - (d * ox) / scaleX - (e * oy) / scaleY) + oy;
  return [a2, b2, c2, d2, e2, f2];
};

/** Where the reference's pixel (x, y) lands in the frame, and the rotation in degrees. */
export const mapPoint = (m: Affine, x: number, y: number): [number, number] => [
  m[0] * x + m[1] * y + m[2],
  m[3] * x + m[4] * y + m[5],
];
export const rotationDeg = (m: Affine): number => (atan2(m[3], m[0]) * 180) / Math.PI;

/** The largest distance any pixel of a width x height photo moves under `m` (the corners bound it). */
export const largestShift = (m: Affine, width: number, height: number): number => {
  let largest = 0;
  for (const [x, y] of [
    [0, 0],
    [width - 1, 0],
    [0, height - 1],
    [width - 1, height - 1],
  ]) {
    const [u, v] = mapPoint(m, x, y);
    largest = max(largest, hypot(u - x, v - y));
  }
  return largest;
};

interface Level {
  width: number;
  height: number;
  luma: Float32Array;
  weight: Float32Array;
}

/** Central differences, edge-clamped. */
const gradients = ({ width, height, luma }: Level): [Float32Array, Float32Array] => {
  const gx = new Float32Array(luma.length);
  const gy = new Float32Array(luma.length);
  for (let y = 0; y < height; y++) {
    const up = (y > 0 ? y - 1 : y) * width;
    const down = (y < height - 1 ? y + 1 : y) * width;
    const ry = y > 0 && y < height - 1 ? 0.5 : 1;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const left = x > 0 ? p - 1 : p;
      const right = x < width - 1 ? p + 1 : p;
      gx[p] = (luma[right] - luma[left]) * (x > 0 && x < width - 1 ? 0.5 : 1);
      gy[p] = (luma[down + x] - luma[up + x]) * ry;
    }
  }
  return [gx, gy];
};

/** Bilinear sample of `plane` at (u, v), which the caller keeps inside [0, width-1] x [0, height-1]. */
const sample = (plane: Float32Array, width: number, u: number, v: number): number => {
  const x0 = u | 0;
  const y0 = v | 0;
  const tx = u - x0;
  const ty = v - y0;
  const p = y0 * width + x0;
  const x1 = tx > 0 ? 1 : 0;
  const y1 = ty > 0 ? width : 0;
  const top = plane[p] + (plane[p + x1] - plane[p]) * tx;
  const bottom = plane[p + y1] + (plane[p + y1 + x1] - plane[p + y1]) * tx;
  return top + (bottom - top) * ty;
};

/** Median of a sample of absolute values (every `step`-th), for the robust weights' scale. */
const medianAbs = (values: Float32Array, count: number): number => {
  if (count === 0) return 0;
  const sorted = Float32Array.from(values.subarray(0, count)).sort();
  return sorted[count >> 1];
};

interface RefineOptions {
  /** Only the reference's pixels in [left, right) x [top, bottom) count. */
  region?: [number, number, number, number];
  /** Refines the shift only, the rotation and scale kept. */
  translationOnly?: boolean;
  /** The frame's gradients, when the caller has them already. */
  movGradients?: [Float32Array, Float32Array];
}

/**
 * Gauss-Newton on a similarity about the level's centre: minimises the weighted squared difference between the
 * reference and the frame sampled at m(x). Returns the refined transform (the level's coordinates).
 */
const refine = (
  ref: Level,
  mov: Level,
  start: Affine,
  iterations: number,
  { region, translationOnly = false, movGradients }: RefineOptions = {},
): Affine => {
  const { width, height } = ref;
  const [gx, gy] = movGradients ?? gradients(mov);
  const [left, top, right, bottom] = region ?? [0, 0, width, height];
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  // Parameters about the centre: x' = (1 + a) dx - b dy + cx + tx, y' = b dx + (1 + a) dy + cy + ty.
  let a = start[0] - 1;
  let b = start[3];
  let tx = start[2] - cx + (1 + a) * cx - b * cy;
  let ty = start[5] - cy + b * cx + (1 + a) * cy;
  const stride = (right - left) * (bottom - top) > 400_000 ? 2 : 1;
  const residuals = new Float32Array(ceil(((right - left) * (bottom - top)) / (7 * stride)) + 8);
  let scale = 0.05;
  const maxU = mov.width - 1;
  const maxV = mov.height - 1;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const h = new Float64Array(10);
    const g = new Float64Array(4);
    let kept = 0;
    let counted = 0;
    const huber = max(0.004, 1.5 * scale);
    for (let y = top; y < bottom; y += stride) {
      const dy = y - cy;
      for (let x = left; x < right; x += stride) {
        const p = y * width + x;
        const wr = ref.weight[p];
        if (wr < 0.05) continue;
        const dx = x - cx;
        const u = (1 + a) * dx - b * dy + cx + tx;
        const v = b * dx + (1 + a) * dy + cy + ty;
        if (u < 0 || v < 0 || u > maxU || v > maxV) continue;
        const wm = sample(mov.weight, mov.width, u, v);
        if (wm < 0.05) continue;
        const r = sample(mov.luma, mov.width, u, v) - ref.luma[p];
        const ar = r < 0 ? -r : r;
        if (counted++ % 7 === 0 && kept < residuals.length) residuals[kept++] = ar;
        const w = wr * wm * (ar <= huber ? 1 : huber / ar);
        const ix = sample(gx, mov.width, u, v);
        const iy = sample(gy, mov.width, u, v);
        const j0 = ix * dx + iy * dy;
        const j1 = iy * dx - ix * dy;
        h[0] += w * j0 * j0;
        h[1] += w * j0 * j1;
        h[2] += w * j0 * ix;
        h[3] += w * j0 * iy;
        h[4] += w * j1 * j1;
        h[5] += w * j1 * ix;
        h[6] += w * j1 * iy;
        h[7] += w * ix * ix;
        h[8] += w * ix * iy;
        h[9] += w * iy * iy;
        const wr2 = w * r;
        g[0] += wr2 * j0;
        g[1] += wr2 * j1;
        g[2] += wr2 * ix;
        g[3] += wr2 * iy;
      }
    }
    scale = 1.4826 * medianAbs(residuals, kept);
    const step = translationOnly ? solve2(h[7], h[8], h[9], g[2], g[3]) : solve4(h, g);
    if (!step) break;
    // At most a pixel a step, anywhere in the frame: far from the answer a linearisation overshoots, and the coarser
    // levels have brought the estimate within a pixel or two.
    const reach = abs(step[2]) + abs(step[3]) + (abs(step[0]) + abs(step[1])) * max(cx, cy);
    if (reach > MAX_STEP_PX) for (let k = 0; k < 4; k++) step[k] *= MAX_STEP_PX / reach;
    a -= step[0];
    b -= step[1];
    tx -= step[2];
    ty -= step[3];
    if (min(reach, MAX_STEP_PX) < CONVERGED_PX) break;
  }
  return [1 + a, -b, cx - (1 + a) * cx + b * cy + tx, b, 1 + a, cy - b * cx - (1 + a) * cy + ty];
};

/** The 2x2 system [hxx hxy; hxy hyy] d = (gx, gy), as a 4-parameter step with no change of rotation or scale. */
const solve2 = (hxx: number, hxy: number, hyy: number, gx: number, gy: number): number[] | null => {
  const det = hxx * hyy - hxy * hxy;
  if (!(abs(det) > 1e-18)) return null;
  return [0, 0, (hyy * gx - hxy * gy) / det, (hxx * gy - hxy * gx) / det];
};

/** Solves the symmetric 4x4 system (upper triangle `h` row by row) for `g`; null when it is singular. */
const solve4 = (h: Float64Array, g: Float64Array): number[] | null => {
  const m = [
    [h[0], h[1], h[2], h[3], g[0]],
    [h[1], h[4], h[5], h[6], g[1]],
    [h[2], h[5], h[7], h[8], g[2]],
    [h[3], h[6], h[8], h[9], g[3]],
  ];
  for (let col = 0; col < 4; col++) {
    let pivot = col;
    for (let row = col + 1; row < 4; row++) if (abs(m[row][col]) > abs(m[pivot][col])) pivot = row;
    if (abs(m[pivot][col]) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let row = col + 1; row < 4; row++) {
      const f = m[row][col] / m[col][col];
      for (let k = col; k < 5; k++) m[row][k] -= f * m[col][k];
    }
  }
  const x = [0, 0, 0, 0];
  for (let row = 3; row >= 0; row--) {
    let sum = m[row][4];
    for (let k = row + 1; k < 4; k++) sum -= m[row][k] * x[k];
    x[row] = sum / m[row][row];
  }
  return x;
};

/**
 * The shift (whole pixels at the coarsest level) with the least mean absolute difference over the pixels both frames
 * show, among those that keep at least MIN_OVERLAP of the reference's usable pixels.
 */
const searchShift = (ref: Level, mov: Level): Affine => {
  const { width, height } = ref;
  const rangeX = max(2, round(width * SEARCH_SHARE));
  const rangeY = max(2, round(height * SEARCH_SHARE));
  let total = 0;
  for (let p = 0; p < ref.weight.length; p++) total += ref.weight[p];
  let best: Affine = [...IDENTITY];
  let bestCost = Infinity;
  for (let sy = -rangeY; sy <= rangeY; sy++)
    for (let sx = -rangeX; sx <= rangeX; sx++) {
      let cost = 0;
      let weight = 0;
      for (let y = max(0, -sy); y < min(height, height - sy); y++)
        for (let x = max(0, -sx); x < min(width, width - sx); x++) {
          const p = y * width + x;
          const q = (y + sy) * width + x + sx;
          const w = ref.weight[p] * mov.weight[q];
          cost += w * abs(mov.luma[q] - ref.luma[p]);
          weight += w;
        }
      if (weight < MIN_OVERLAP * total * 0.5) continue;
      // A preference for small shifts: handheld frames move a little, and a frame mostly clipped or black matches a
      // far shift about as badly as the right one.
      const mean = cost / weight + SHIFT_PENALTY * hypot(sx, sy);
      if (mean < bestCost) {
        bestCost = mean;
        best = [1, 0, sx, 0, 1, sy];
      }
    }
  return best;
};

const levelsFor = (width: number, height: number) => max(1, floor(log2(max(width, height) / COARSEST_SIDE)) + 1);

const pyramidOf = (luma: Float32Array, plane: AlignPlane, levels: number): Level[] => {
  const lumas = gaussianPyramid({ width: plane.width, height: plane.height, data: luma }, levels);
  const weights = gaussianPyramid({ width: plane.width, height: plane.height, data: plane.weight }, levels);
  // A coarse pixel counts less the more of what it was made of did not: one half over a clipped window is not a
  // reliable edge.
  return lumas.map((level: Plane, i) => ({
    width: level.width,
    height: level.height,
    luma: level.data,
    weight:
      i === 0
        ? level.data.map((_, p) => plane.weight[p])
        : weights[i].data.map(
            (w) =>
              SILHOUETTE_WEIGHT +
              (1 - SILHOUETTE_WEIGHT) * ramp((w - SILHOUETTE_WEIGHT) / (1 - SILHOUETTE_WEIGHT), 0.5, 1),
          ),
  }));
};

export interface Alignment {
  /** From the reference's pixel coordinates to the frame's, at the planes' size. */
  transform: Affine;
  /** The frame's luma mapped onto the reference's codes (histogram matching), at the planes' size. */
  matched: Float32Array;
}

/**
 * Aligns `mov` to `ref` (same size): the transform that takes reference pixels to the frame's. Both are planes of
 * the photos reduced the same way.
 */
export const align = (ref: AlignPlane, mov: AlignPlane): Alignment => {
  const matched = applyCodes(mov.luma, matchCodes(mov.luma, ref.luma));
  const levels = levelsFor(ref.width, ref.height);
  const refLevels = pyramidOf(ref.luma, ref, levels);
  const movLevels = pyramidOf(matched, mov, levels);
  const coarsest = levels - 1;
  let transform = searchShift(refLevels[coarsest], movLevels[coarsest]);
  for (let level = coarsest; level >= 0; level--) {
    const start = level === coarsest ? transform : atLevel(transform, level);
    const iterations = level >= coarsest - 1 ? ITERATIONS_COARSE : ITERATIONS_FINE;
    transform = fromLevel(refine(refLevels[level], movLevels[level], start, iterations), level);
  }
  return { transform, matched };
};

/** Sampled at m(x) for every reference pixel; NaN outside the frame. */
export const warpPlane = (plane: Float32Array, width: number, height: number, m: Affine): Float32Array => {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const u = m[0] * x + m[1] * y + m[2];
      const v = m[3] * x + m[4] * y + m[5];
      out[y * width + x] = u < 0 || v < 0 || u > width - 1 || v > height - 1 ? NaN : sample(plane, width, u, v);
    }
  return out;
};

/** Cells across the long side for the residual measure, and the iterations of each cell's own fit. */
const RESIDUAL_CELLS = 8;
const RESIDUAL_ITERATIONS = 6;
/** Least ratio of the structure tensor's eigenvalues a cell needs for its shift to be measured. */
const MIN_ISOTROPY = 0.15;
/**
 * Least mean squared gradient (luma per pixel) in the weaker direction: about 2.5 codes a pixel. Fainter texture (a
 * plaster wall) measures its 8-bit steps more than its shift.
 */
const MIN_TEXTURE = 1e-4;

/**
 * What global alignment leaves: the frame's shift against the reference fitted in each cell of a grid, starting from
 * the global transform (where the cell has shape in both directions, the same fit as the global one, on the cell's
 * pixels only), in the planes' pixels. Cells without enough shape are left out. Parallax (a chair nearer than the
 * wall behind it), lens distortion and whatever moved between the frames show here too.
 */
export interface ResidualCell {
  /** The cell, in the reference plane's pixels: [left, top, right, bottom). */
  box: [number, number, number, number];
  /** The shift left there, in those pixels. */
  shift: number;
}

export const residualShifts = (ref: AlignPlane, matched: Float32Array, mov: AlignPlane, m: Affine): ResidualCell[] => {
  const { width, height } = ref;
  const refLevel: Level = { width, height, luma: ref.luma, weight: ref.weight };
  const movLevel: Level = { width: mov.width, height: mov.height, luma: matched, weight: mov.weight };
  const movGradients = gradients(movLevel);
  const [gx, gy] = gradients(refLevel);
  const cell = ceil(max(width, height) / RESIDUAL_CELLS);
  const shifts: ResidualCell[] = [];
  for (let top = 0; top + cell / 2 <= height; top += cell)
    for (let left = 0; left + cell / 2 <= width; left += cell) {
      const right = min(width, left + cell);
      const bottom = min(height, top + cell);
      let hxx = 0;
      let hxy = 0;
      let hyy = 0;
      let weight = 0;
      for (let y = top; y < bottom; y++)
        for (let x = left; x < right; x++) {
          const p = y * width + x;
          const w = ref.weight[p];
          hxx += w * gx[p] * gx[p];
          hxy += w * gx[p] * gy[p];
          hyy += w * gy[p] * gy[p];
          weight += w;
        }
      const half = (hxx + hyy) / 2;
      const spread = sqrt(max(0, half * half - (hxx * hyy - hxy * hxy)));
      // A cell whose shape runs one way (a single edge) measures a shift along it poorly: it is left out.
      if (weight < ((right - left) * (bottom - top)) / 4) continue;
      if ((half - spread) / weight < MIN_TEXTURE || half - spread < MIN_ISOTROPY * (half + spread)) continue;
      const fitted = refine(refLevel, movLevel, m, RESIDUAL_ITERATIONS, {
        region: [left, top, right, bottom],
        translationOnly: true,
        movGradients,
      });
      const shift = hypot(fitted[2] - m[2], fitted[5] - m[5]);
      if (shift < cell / 4) shifts.push({ box: [left, top, right, bottom], shift });
    }
  return shifts;
};

/** Pixel offsets (at the comparison level) of the pairs whose order of brightness is compared. */
const PAIR_OFFSETS: [number, number][] = [
  [3, 0],
  [0, 3],
  [3, 3],
  [3, -3],
  [6, 0],
  [0, 6],
];
/** Luma difference in the reference that makes a pair count, and in the frame below which it is a tie (left out). */
const PAIR_STEP = 0.04;
const PAIR_TIE = 0.01;

/**
 * How alike two frames are once aligned, whatever their exposures: of nearby pairs of pixels clearly ordered in the
 * reference (one brighter than the other), the share the frame orders the same way. More or less light keeps the
 * order of brightness (where the frame clips or is black both pixels tie, and the pair says nothing), so frames of
 * one view agree on nearly every pair, even six stops apart where they share few pixels both exposed well; a
 * different view agrees on about half.
 */
export const orderAgreement = (ref: AlignPlane, mov: AlignPlane, m: Affine): number => {
  const levels = max(1, floor(log2(max(ref.width, ref.height) / 192)) + 1);
  const level = levels - 1;
  const refLevel = gaussianPyramid({ width: ref.width, height: ref.height, data: ref.luma }, levels)[level];
  const movLevel = gaussianPyramid({ width: mov.width, height: mov.height, data: mov.luma }, levels)[level];
  const mm = atLevel(m, level);
  const { width, height } = refLevel;
  const maxU = movLevel.width - 1;
  const maxV = movLevel.height - 1;
  // The frame's luma at each reference pixel, NaN outside it.
  const warped = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const u = mm[0] * x + mm[1] * y + mm[2];
      const v = mm[3] * x + mm[4] * y + mm[5];
      warped[y * width + x] =
        u < 0 || v < 0 || u > maxU || v > maxV ? NaN : sample(movLevel.data, movLevel.width, u, v);
    }
  let agree = 0;
  let counted = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const a = refLevel.data[p];
      const b = warped[p];
      if (isNaN(b)) continue;
      for (const [ox, oy] of PAIR_OFFSETS) {
        const qx = x + ox;
        const qy = y + oy;
        if (qx >= width || qy < 0 || qy >= height) continue;
        const q = qy * width + qx;
        const dRef = a - refLevel.data[q];
        const dMov = b - warped[q];
        if (abs(dRef) < PAIR_STEP || !(abs(dMov) >= PAIR_TIE)) continue;
        counted++;
        if (dRef > 0 === dMov > 0) agree++;
      }
    }
  return counted ? agree / counted : NaN;
};
