import { boxFilter, guidedCoefficients } from '../box-filter';
import { LUMA_B, LUMA_G, LUMA_R, clamp, ramp, srgbToLinear } from '../color';
import { type DecodedPhoto, decodePhoto } from '../decode';
import { reduceBeforePreview } from '../encode';
import { EnhancementError } from '../errors';
import { ENCODE, ENCODE_STEPS, fastExp2, fastLog2 } from '../listing-render';
import { type Plane, expand, reduce } from '../pyramid';
import type { RgbImage } from '../rgb-image';
import type { EnhancementReport } from '../types';
import { type Affine, largestShift, rescale, rotationDeg } from './align';
import { BracketRefusal, type BracketProblem, type PlannedFrame, planBracket } from './check';
import { BLACK_LUMA, CLIPPED_TOP, type WorkFrame, findGhosts, lookup, transfer } from './ghosts';

/**
 * Module-level aliases: the loops here run per pixel, and a global lookup of `Math` or `Number` per call is many
 * times slower inside Jest's module sandbox, where the specs run them.
 */
const { abs, exp, floor, log2, max, min, round } = Math;
const { isNaN } = Number;

/**
 * The merge of a bracket: frames aligned to the reference (the middle exposure), ghosts found, a fused brightness
 * chosen for every pixel, and each frame's pixels brought to it and blended in linear light.
 *
 * The fused brightness is Mertens et al.'s exposure fusion of the aligned frames' luma, as the listing look fuses
 * virtual exposures of one photo (the same Laplacian pyramid): each frame counts where it is well exposed and not
 * clipped, and not where it shows a ghost. It is found on reduced copies. At full size each frame is brought to it
 * by a gain field fitted per frame (a local linear function of its own log luminance, as the listing look's field:
 * it follows the frame's own edges, so no halo), and the frames are blended per pixel by how well each shows that
 * pixel: a window comes from the darker frames with all its detail, the room from the brighter ones with less noise,
 * and no seam shows where one takes over from another because all of them were brought to the same brightness.
 */

/** Long side of the reduced copies the frames are aligned, compared and fused on. */
const WORK_SIDE = 1024;
/**
 * Frames are decoded at most this large: the merge holds 16 bytes a pixel while it blends (a running sum and its
 * weights) beside one frame; 24 MP keeps a seven-frame bracket near 0.6 GB.
 */
export const MAX_BRACKET_PIXELS = 24_000_000;
/** Luma a frame is best exposed at, and how fast its weight falls away from it (Mertens et al.: 0.5, 0.2). */
const WELL_EXPOSED = 0.5;
const WELL_EXPOSED_SIGMA = 0.2;
/** Largest channel over which a pixel stops counting (from the first, none at the second), and the black ramp. */
const CLIP_RAMP: [number, number] = [0.93, 0.985];
const BLACK_RAMP: [number, number] = [0.005, 0.03];
/** The gain field's window (share of the long side) and edge threshold in log2 units squared. */
const FIELD_RADIUS_SHARE = 0.015;
const FIELD_EPS = 0.02;
/** Size of the tables that carry a frame's luma onto the common scale. */
const TABLE_SIZE = 1025;
/**
 * The tone map: the base's window (share of the long side) and edge threshold (log2 units squared: a step over
 * about half a stop is an edge); stops over the scene's median the room keeps as they are and where white is
 * reached; stops under it from which shadows are brought up, and by how much less steeply they fall; the detail kept.
 */
const BASE_RADIUS_SHARE = 0.04;
const BASE_EPS = 0.25;
const ROOM_RANGE_STOPS = 1.5;
const WHITE_STOPS = 2.3;
const SHADOW_STOPS = 2;
const SHADOW_SLOPE = 0.6;
const DETAIL = 1;
/** Least mean ghost weight (ghosts.ts, keep) of a cell whose residual counts towards the alignment's. */
const STATIC_CELL = 0.95;
/** What the reference's clipped pixels count for in its gain field (fitField). */
const CLIPPED_FIT_WEIGHT = 0.2;
/** Weight of the frame's global fit where it has too few usable pixels nearby for a local one. */
const FIELD_PRIOR = 0.02;
/** What the last frame standing counts for: the darkest where every frame clips, the reference elsewhere. */
const FALLBACK_WEIGHT = 1e-4;

/** What the report says of a merge (types.ts, EnhancementReport.merge); here the merged photo's own figures. */
export type MergeReport = NonNullable<EnhancementReport['merge']>;

export interface MergedBracket {
  /** The merged photo as if decoded from one file (the reference's format and orientation, the frames' bytes). */
  decoded: DecodedPhoto;
  /** The reference frame as shot, reduced to the before preview's size. */
  referencePreview: RgbImage;
  merge: MergeReport;
}

/** The linear level of an 8-bit code given as a fraction (interpolated codes), at 1/16 code steps. */
const LINEAR_STEPS = 4096;
const LINEAR: Float32Array = (() => {
  const table = new Float32Array(LINEAR_STEPS + 1);
  for (let i = 0; i <= LINEAR_STEPS; i++) table[i] = srgbToLinear(i / LINEAR_STEPS);
  return table;
})();
const linearOf = (code: number) => LINEAR[(code * (LINEAR_STEPS / 255) + 0.5) | 0];

/** Well-exposedness of a luma (0..1) at 1/1024 steps. */
const WELL: Float32Array = (() => {
  const table = new Float32Array(1025);
  for (let i = 0; i <= 1024; i++) table[i] = exp(-((i / 1024 - WELL_EXPOSED) ** 2) / (2 * WELL_EXPOSED_SIGMA ** 2));
  return table;
})();

/** How much a pixel with this largest channel and luma (0..1) tells: none clipped or black. */
const usable = (top: number, luma: number) =>
  ramp(top, CLIP_RAMP[1], CLIP_RAMP[0]) * ramp(luma, BLACK_RAMP[0], BLACK_RAMP[1]);

interface Work extends WorkFrame {
  /** Linear luminance, NaN outside the frame. */
  linear: Float32Array;
  /** Mean linear luminance of the frame (frames.ts). */
  brightness: number;
}

/** A reduced frame sampled (bilinear, codes) at `transform` of every reference pixel. */
const warpWork = ({ small: image, transform, brightness }: PlannedFrame): Work => {
  const { width, height, data } = image;
  const n = width * height;
  const luma = new Float32Array(n);
  const top = new Float32Array(n);
  const linear = new Float32Array(n);
  const [m0, m1, m2, m3, m4, m5] = transform;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const u = m0 * x + m1 * y + m2;
      const v = m3 * x + m4 * y + m5;
      if (u < 0 || v < 0 || u > width - 1 || v > height - 1) {
        luma[p] = top[p] = linear[p] = NaN;
        continue;
      }
      const x0 = u | 0;
      const y0 = v | 0;
      const tx = u - x0;
      const ty = v - y0;
      const i00 = (y0 * width + x0) * 3;
      const i01 = tx > 0 ? i00 + 3 : i00;
      const i10 = ty > 0 ? i00 + width * 3 : i00;
      const i11 = ty > 0 ? i01 + width * 3 : i01;
      const rgb = [0, 0, 0];
      for (let c = 0; c < 3; c++) {
        const t = data[i00 + c] + (data[i01 + c] - data[i00 + c]) * tx;
        const b = data[i10 + c] + (data[i11 + c] - data[i10 + c]) * tx;
        rgb[c] = t + (b - t) * ty;
      }
      luma[p] = (LUMA_R * rgb[0] + LUMA_G * rgb[1] + LUMA_B * rgb[2]) / 255;
      top[p] = max(rgb[0], rgb[1], rgb[2]) / 255;
      linear[p] = LUMA_R * linearOf(rgb[0]) + LUMA_G * linearOf(rgb[1]) + LUMA_B * linearOf(rgb[2]);
    }
  return { luma, top, linear, brightness };
};

/** Luma (0..1) within which a frame's level is trusted when it is carried onto another frame's scale. */
const RELIABLE: [number, number] = [0.04, 0.93];
const logLinear = (code: number) => log2(max(srgbToLinear(code), 1 / 4096));

/**
 * Each frame's luma as log2 scene luminance on one scale, the reference's (its linear light): a table of 1025 codes.
 * Outwards from the reference, a frame's codes are carried onto its neighbour's by matching histograms over the
 * pixels both cover, and where the neighbour clips or is black (the window a darker frame shows), the frame's own
 * linear light continues the scale from the last level the two share. The camera's tone curve (a phone's compresses
 * its highlights: one stop apart, two frames differ by two stops in the shadows and a third of one near white) is
 * taken into account without being known.
 */
const radianceTables = (frames: Work[], reference: number): Float32Array[] => {
  const tables: Float32Array[] = [];
  tables[reference] = Float32Array.from({ length: TABLE_SIZE }, (_, i) => logLinear(i / (TABLE_SIZE - 1)));
  for (const direction of [-1, 1])
    for (let k = reference + direction; k >= 0 && k < frames.length; k += direction) {
      const near = tables[k - direction];
      const carried = transfer(frames[k], frames[k - direction]);
      const table = new Float32Array(TABLE_SIZE);
      let first = -1;
      let last = -1;
      for (let i = 0; i < TABLE_SIZE; i++) {
        const code = carried[i];
        if (code < RELIABLE[0] || code > RELIABLE[1]) continue;
        table[i] = lookup(near, code);
        if (first < 0) first = i;
        last = i;
      }
      if (first < 0) {
        // Nothing both frames show well: the frames' mean brightness gives the gap.
        const gap = log2(frames[k - direction].brightness / frames[k].brightness);
        const offset = lookup(near, 0.5) - logLinear(0.5) + gap;
        for (let i = 0; i < TABLE_SIZE; i++) table[i] = logLinear(i / (TABLE_SIZE - 1)) + offset;
        tables[k] = table;
        continue;
      }
      for (let i = last + 1; i < TABLE_SIZE; i++)
        table[i] = table[last] + logLinear(i / (TABLE_SIZE - 1)) - logLinear(last / (TABLE_SIZE - 1));
      for (let i = first - 1; i >= 0; i--)
        table[i] = table[first] + logLinear(i / (TABLE_SIZE - 1)) - logLinear(first / (TABLE_SIZE - 1));
      for (let i = 1; i < TABLE_SIZE; i++) table[i] = max(table[i], table[i - 1]);
      tables[k] = table;
    }
  return tables;
};

/**
 * The scene's log2 luminance at every reference pixel: each frame's level on the common scale, averaged with weights
 * for how well it shows the pixel (well exposed, unclipped, no ghost); where every frame clips, the darkest one's
 * (a lower bound), where the reference alone may count, the reference's.
 */
const sceneLuminance = (
  frames: Work[],
  keep: Float32Array[],
  tables: Float32Array[],
  reference: number,
  width: number,
  height: number,
) => {
  const n = width * height;
  const sum = new Float32Array(n);
  const total = new Float32Array(n);
  /** Weight of levels frames record (no fallback), and whether all a pixel has is a clipped frame's bound. */
  const exact = new Float32Array(n);
  const bounded = new Uint8Array(n).fill(1);
  for (const [k, frame] of frames.entries()) {
    const table = tables[k];
    for (let p = 0; p < n; p++) {
      const v = frame.luma[p];
      if (isNaN(v)) continue;
      const clipped = frame.top[p] >= CLIPPED_TOP ? 1 : 0;
      const black = v <= BLACK_LUMA ? 1 : 0;
      const fallback =
        (k === reference ? FALLBACK_WEIGHT / 10 : 0) +
        (k === 0 ? FALLBACK_WEIGHT * clipped : 0) +
        (k === frames.length - 1 ? FALLBACK_WEIGHT * black : 0);
      const told = keep[k][p] * WELL[round(v * 1024)] * usable(frame.top[p], v);
      const w = told + keep[k][p] * fallback;
      sum[p] += w * lookup(table, v);
      total[p] += w;
      exact[p] += told;
      if (told > 0 || (keep[k][p] > 0.5 && !clipped)) bounded[p] = 0;
    }
  }
  const scene = sum.map((v, p) => v / (total[p] || 1));
  // Where every frame that may count clips (the reference alone, over a window, where a person stood in front of it
  // in the darker frames), the scene is only known to be at least this bright: it is taken as bright as the scene
  // around it, not as the reference's white, which the tone map would render grey beside the recovered view.
  const around = pushPull(scene, exact, width, height);
  for (let p = 0; p < n; p++) if (bounded[p]) scene[p] = max(scene[p], around[p]);
  return scene;
};

/**
 * Fills a plane where its weights are low from where they are high (pull-push: averaged down a pyramid until every
 * level is covered, then each level's own values kept where they are trusted and the coarser estimate elsewhere).
 */
const pushPull = (values: Float32Array, weights: Float32Array, width: number, height: number): Float32Array => {
  const levels: { v: Plane; w: Plane }[] = [];
  let v: Plane = { width, height, data: values.map((x, p) => x * min(1, weights[p])) };
  let w: Plane = { width, height, data: weights.map((x) => min(1, x)) };
  levels.push({ v, w });
  while (v.width > 4 && v.height > 4) {
    v = reduce(v);
    w = reduce(w);
    levels.push({ v, w });
  }
  let estimate: Float32Array | null = null;
  for (let l = levels.length - 1; l >= 0; l--) {
    const level = levels[l];
    const above = levels[l + 1]?.v;
    const coarser =
      estimate && expand({ width: above.width, height: above.height, data: estimate }, level.v.width, level.v.height);
    const out = new Float32Array(level.v.data.length);
    for (let p = 0; p < out.length; p++) {
      const weight = level.w.data[p];
      const own = weight > 1e-6 ? level.v.data[p] / weight : 0;
      const trust = coarser ? min(1, weight * 4) : 1;
      out[p] = coarser ? own * trust + coarser[p] * (1 - trust) : own;
    }
    estimate = out;
  }
  return estimate!;
};

/**
 * The merged photo's log2 luminance: the scene's, with its large-scale range compressed where it exceeds what a
 * photo shows (a window several stops over the room) and its detail kept. The scene is split into a base (an
 * edge-aware smoothing: a window's frame stays a sharp step in it, so nothing spreads across it as a halo) and the
 * detail over it; the base above the room's level is rolled off towards white, and well below it brought up a
 * little, and the detail is added back.
 */
const toneMap = (scene: Float32Array, width: number, height: number): Float32Array => {
  const radius = max(2, round(max(width, height) * BASE_RADIUS_SHARE));
  const { a, b } = guidedCoefficients(scene, width, height, radius, BASE_EPS);
  const sorted = Float32Array.from(scene).sort();
  const anchor = sorted[floor(sorted.length / 2)];
  const room = anchor + ROOM_RANGE_STOPS;
  const white = anchor + WHITE_STOPS;
  const span = white - room;
  const shadowFloor = anchor - SHADOW_STOPS;
  return scene.map((v, p) => {
    const base = a[p] * v + b[p];
    let toned = base;
    if (base > room) toned = room + span * (1 - exp(-(base - room) / span));
    else if (base < shadowFloor) toned = shadowFloor - (shadowFloor - base) * SHADOW_SLOPE;
    return toned + (v - base) * DETAIL;
  });
};

interface Field {
  a: Float32Array;
  b: Float32Array;
}

/**
 * The gain field bringing `frame` to `target` (log2 luminance): target ≈ a log2 luminance + b, fitted locally (a guided filter
 * weighted by how much each pixel of the frame tells), and the frame's global fit where it tells too little.
 */
const fitField = (
  frame: Work,
  keep: Float32Array,
  target: Float32Array,
  width: number,
  height: number,
  reference: boolean,
): Field => {
  const n = width * height;
  const radius = max(2, round(max(width, height) * FIELD_RADIUS_SHARE));
  const w = new Float32Array(n);
  const wg = new Float32Array(n);
  const wt = new Float32Array(n);
  const wgg = new Float32Array(n);
  const wgt = new Float32Array(n);
  let sw = 0;
  let sg = 0;
  let st = 0;
  let sgg = 0;
  let sgt = 0;
  for (let p = 0; p < n; p++) {
    if (isNaN(frame.luma[p])) continue;
    // The reference's clipped pixels count a little: where a ghost leaves the reference alone over a window, its
    // white is brought to the window's brightness around it.
    const clipped = reference && frame.top[p] >= CLIPPED_TOP ? CLIPPED_FIT_WEIGHT : 0;
    const weight = (usable(frame.top[p], frame.luma[p]) + clipped) * keep[p];
    const g = log2(max(frame.linear[p], 1 / 4096));
    const t = target[p];
    w[p] = weight;
    wg[p] = weight * g;
    wt[p] = weight * t;
    wgg[p] = weight * g * g;
    wgt[p] = weight * g * t;
    sw += weight;
    sg += weight * g;
    st += weight * t;
    sgg += weight * g * g;
    sgt += weight * g * t;
  }
  // The global fit: a tone curve's slope and offset over the whole frame.
  const mg = sw > 0 ? sg / sw : 0;
  const mt = sw > 0 ? st / sw : 0;
  const globalA = sw > 0 ? clamp((sgt / sw - mg * mt) / max(sgg / sw - mg * mg, 1e-3), 0.3, 2) : 1;
  const globalB = mt - globalA * mg;
  const [mw, mwg, mwt, mwgg, mwgt] = [w, wg, wt, wgg, wgt].map((plane) => boxFilter(plane, width, height, radius));
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const weight = mw[p];
    if (weight < 1e-6) {
      a[p] = globalA;
      b[p] = globalB;
      continue;
    }
    const g = mwg[p] / weight;
    const t = mwt[p] / weight;
    const variance = max(0, mwgg[p] / weight - g * g);
    const local = (mwgt[p] / weight - g * t) / (variance + FIELD_EPS);
    // Shrunk towards the global fit as the window's usable pixels thin out.
    const trust = weight / (weight + FIELD_PRIOR);
    a[p] = local * trust + globalA * (1 - trust);
    b[p] = (t - local * g) * trust + globalB * (1 - trust);
  }
  return { a: boxFilter(a, width, height, radius), b: boxFilter(b, width, height, radius) };
};

/** Bilinear sample of a work plane at full-size pixel (x, y) of the reference: its pixel centres scaled. */
interface Sampler {
  x0: Int32Array;
  x1: Int32Array;
  tx: Float32Array;
}
const columns = (work: number, full: number): Sampler => {
  const x0 = new Int32Array(full);
  const x1 = new Int32Array(full);
  const tx = new Float32Array(full);
  const scale = work / full;
  for (let x = 0; x < full; x++) {
    const f = clamp((x + 0.5) * scale - 0.5, 0, work - 1);
    x0[x] = floor(f);
    x1[x] = min(work - 1, x0[x] + 1);
    tx[x] = f - x0[x];
  }
  return { x0, x1, tx };
};

interface Accumulator {
  width: number;
  height: number;
  /** Weighted linear RGB, interleaved. */
  sum: Float32Array;
  weight: Float32Array;
}

/**
 * Adds one full-size frame, sampled at `transform` of each reference pixel, brought to the fused brightness by its
 * field and weighted by how well it shows the pixel (well exposed, unclipped, no ghost).
 */
const accumulate = (
  into: Accumulator,
  image: RgbImage,
  transform: Affine,
  field: Field,
  keep: Float32Array,
  workWidth: number,
  workHeight: number,
  fallback: { reference: boolean; darkest: boolean },
) => {
  const { width, height, sum, weight } = into;
  const { data } = image;
  const cols = columns(workWidth, width);
  const rows = columns(workHeight, height);
  const [m0, m1, m2, m3, m4, m5] = transform;
  const referenceFloor = fallback.reference ? FALLBACK_WEIGHT / 10 : 0;
  const stride = width * 3;
  for (let y = 0; y < height; y++) {
    const r0 = rows.x0[y] * workWidth;
    const r1 = rows.x1[y] * workWidth;
    const ty = rows.tx[y];
    for (let x = 0; x < width; x++) {
      const u = m0 * x + m1 * y + m2;
      const v = m3 * x + m4 * y + m5;
      if (u < 0 || v < 0 || u > width - 1 || v > height - 1) continue;
      const xi = u | 0;
      const yi = v | 0;
      const fx = u - xi;
      const fy = v - yi;
      const i00 = yi * stride + xi * 3;
      const i01 = fx > 0 ? i00 + 3 : i00;
      const i10 = fy > 0 ? i00 + stride : i00;
      const i11 = fy > 0 ? i01 + stride : i01;
      const rt = data[i00] + (data[i01] - data[i00]) * fx;
      const gt = data[i00 + 1] + (data[i01 + 1] - data[i00 + 1]) * fx;
      const bt = data[i00 + 2] + (data[i01 + 2] - data[i00 + 2]) * fx;
      const r = rt + (data[i10] + (data[i11] - data[i10]) * fx - rt) * fy;
      const g = gt + (data[i10 + 1] + (data[i11 + 1] - data[i10 + 1]) * fx - gt) * fy;
      const b = bt + (data[i10 + 2] + (data[i11 + 2] - data[i10 + 2]) * fx - bt) * fy;
      const top = (r > g ? (r > b ? r : b) : g > b ? g : b) / 255;
      const luma = (LUMA_R * r + LUMA_G * g + LUMA_B * b) / 255;
      // The work planes at this reference pixel.
      const c0 = cols.x0[x];
      const c1 = cols.x1[x];
      const tx = cols.tx[x];
      const k0 = keep[r0 + c0] + (keep[r0 + c1] - keep[r0 + c0]) * tx;
      const k1 = keep[r1 + c0] + (keep[r1 + c1] - keep[r1 + c0]) * tx;
      const kept = k0 + (k1 - k0) * ty;
      const clipped = top >= CLIPPED_TOP ? 1 : 0;
      const w =
        kept *
        (WELL[(luma * 1024 + 0.5) | 0] * usable(top, luma) +
          referenceFloor +
          (fallback.darkest ? FALLBACK_WEIGHT * clipped : 0));
      if (w <= 0) continue;
      const a0 = field.a[r0 + c0] + (field.a[r0 + c1] - field.a[r0 + c0]) * tx;
      const a1 = field.a[r1 + c0] + (field.a[r1 + c1] - field.a[r1 + c0]) * tx;
      const b0 = field.b[r0 + c0] + (field.b[r0 + c1] - field.b[r0 + c0]) * tx;
      const b1 = field.b[r1 + c0] + (field.b[r1 + c1] - field.b[r1 + c0]) * tx;
      const lr = linearOf(r);
      const lg = linearOf(g);
      const lb = linearOf(b);
      const l = fastLog2(max(LUMA_R * lr + LUMA_G * lg + LUMA_B * lb, 1 / 4096));
      const gain = fastExp2((a0 + (a1 - a0) * ty - 1) * l + b0 + (b1 - b0) * ty);
      const p = y * width + x;
      const o = p * 3;
      const wg = w * gain;
      sum[o] += wg * lr;
      sum[o + 1] += wg * lg;
      sum[o + 2] += wg * lb;
      weight[p] += w;
    }
  }
};

/** The blend as 8-bit sRGB: a colour past white is taken towards its luminance until it fits (hue kept). */
const finish = ({ width, height, sum, weight }: Accumulator): RgbImage => {
  const out = new Uint8Array(width * height * 3);
  for (let p = 0, o = 0; p < width * height; p++, o += 3) {
    const w = weight[p] || 1;
    let r = sum[o] / w;
    let g = sum[o + 1] / w;
    let b = sum[o + 2] / w;
    const top = r > g ? (r > b ? r : b) : g > b ? g : b;
    if (top > 1) {
      const y = min(1, LUMA_R * r + LUMA_G * g + LUMA_B * b);
      const s = (1 - y) / (top - y);
      r = y + (r - y) * s;
      g = y + (g - y) * s;
      b = y + (b - y) * s;
    }
    out[o] = ENCODE[r <= 0 ? 0 : r >= 1 ? ENCODE_STEPS : (r * ENCODE_STEPS + 0.5) | 0];
    out[o + 1] = ENCODE[g <= 0 ? 0 : g >= 1 ? ENCODE_STEPS : (g * ENCODE_STEPS + 0.5) | 0];
    out[o + 2] = ENCODE[b <= 0 ? 0 : b >= 1 ? ENCODE_STEPS : (b * ENCODE_STEPS + 0.5) | 0];
  }
  return { width, height, data: out };
};

/** An EnhancementError naming the bracket's problem, the frame at fault and the host's message. */
export class BracketError extends EnhancementError {
  constructor(
    readonly problem: BracketProblem,
    message: string,
    readonly frameIndex?: number,
  ) {
    super('BRACKET_REFUSED', message);
    this.name = 'BracketError';
  }
}

const planOrRefuse = async (buffers: readonly Buffer[]) => {
  try {
    return await planBracket(buffers, WORK_SIDE, { measure: true });
  } catch (error) {
    if (error instanceof BracketRefusal) throw new BracketError(error.problem, error.message, error.frameIndex);
    throw error;
  }
};

/** Mean of a plane over a box [left, top, right, bottom). */
const meanOver = (plane: Float32Array, width: number, [left, top, right, bottom]: [number, number, number, number]) => {
  let sum = 0;
  for (let y = top; y < bottom; y++) for (let x = left; x < right; x++) sum += plane[y * width + x];
  return sum / max(1, (right - left) * (bottom - top));
};

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/**
 * Merges a bracket (2-7 frames of one view) into one photo; throws BracketError (an EnhancementError) for frames
 * that do not make one.
 */
export const mergeBracket = async (buffers: readonly Buffer[]): Promise<MergedBracket> => {
  const plan = await planOrRefuse(buffers);
  const used: PlannedFrame[] = plan.frames.filter((frame, k) => k === plan.reference || !frame.unusable);
  const reference = used.indexOf(plan.frames[plan.reference]);
  const { width: workWidth, height: workHeight } = used[reference].small;
  const work = used.map(warpWork);
  const ghosts = findGhosts(work, reference, workWidth, workHeight);
  const scene = sceneLuminance(work, ghosts.keep, radianceTables(work, reference), reference, workWidth, workHeight);
  const target = toneMap(scene, workWidth, workHeight);
  const fields = work.map((frame, k) =>
    fitField(frame, ghosts.keep[k], target, workWidth, workHeight, k === reference),
  );

  let accumulator: Accumulator | null = null;
  let referenceDecoded: DecodedPhoto | null = null;
  let referencePreview: RgbImage | null = null;
  const movement = { shift: 0, rotation: 0 };
  let scale = 1;
  // The reference first: its decode fixes the full size every other frame is sampled onto.
  const order = [reference, ...used.keys()].filter((k, i) => i === 0 || k !== reference);
  for (const k of order) {
    const frame = used[k];
    const decoded = await decodePhoto(buffers[frame.index], MAX_BRACKET_PIXELS);
    const { width, height } = decoded.image;
    if (!accumulator) {
      accumulator = {
        width,
        height,
        sum: new Float32Array(width * height * 3),
        weight: new Float32Array(width * height),
      };
      referenceDecoded = decoded;
      referencePreview = await reduceBeforePreview(decoded.image);
    } else if (width !== accumulator.width || height !== accumulator.height) {
      throw new BracketError(
        'different-sizes',
        `Frame ${frame.index + 1} decodes to ${width} x ${height} pixels and frame ${used[reference].index + 1} to ${accumulator.width} x ${accumulator.height}: every frame of a bracket must be the same size.`,
        frame.index,
      );
    }
    scale = width / workWidth;
    const transform = rescale(frame.transform, width / workWidth, height / workHeight);
    movement.shift = max(movement.shift, largestShift(transform, width, height));
    movement.rotation = max(movement.rotation, abs(rotationDeg(transform)));
    accumulate(accumulator, decoded.image, transform, fields[k], ghosts.keep[k], workWidth, workHeight, {
      reference: k === reference,
      darkest: k === 0,
    });
  }
  const merged = finish(accumulator!);
  const referenceWork = used[reference].small;
  // The alignment's residual where nothing moved: a cell a ghost covers measures the ghost, reported on its own.
  const residuals = used.flatMap((frame, k) =>
    frame.residuals
      .filter(({ box }) => meanOver(ghosts.keep[k], workWidth, box) > STATIC_CELL)
      .map((cell) => cell.shift),
  );
  const base = referenceDecoded!;
  return {
    decoded: {
      image: merged,
      format: base.format,
      orientation: base.orientation,
      hadIccProfile: base.hadIccProfile,
      inputBytes: buffers.reduce((total, buffer) => total + buffer.length, 0),
      ...(base.reducedFrom ? { reducedFrom: base.reducedFrom } : {}),
    },
    referencePreview: referencePreview!,
    merge: {
      frames: used.length,
      alignment: {
        meanErrorPx: round2(mean(residuals) * scale),
        maxShiftPx: round2(movement.shift),
        rotationDeg: round2(movement.rotation),
      },
      ghostSharePct: round2(ghosts.share * 100),
      windowRecoveredPct: round2(recoveredShare(referenceWork, merged) * 100),
    },
  };
};

const round2 = (v: number) => round(v * 100) / 100;

/** Share of `reference`'s clipped pixels (any channel at 250 or above) that `result` shows below it; 1 with none. */
export const recoveredShare = (reference: RgbImage, result: RgbImage): number => {
  let clipped = 0;
  let recovered = 0;
  for (let y = 0; y < reference.height; y++)
    for (let x = 0; x < reference.width; x++) {
      const i = (y * reference.width + x) * 3;
      const d = reference.data;
      if (d[i] < 250 && d[i + 1] < 250 && d[i + 2] < 250) continue;
      clipped++;
      const rx = min(result.width - 1, floor(((x + 0.5) * result.width) / reference.width));
      const ry = min(result.height - 1, floor(((y + 0.5) * result.height) / reference.height));
      const j = (ry * result.width + rx) * 3;
      const o = result.data;
      if (o[j] < 250 && o[j + 1] < 250 && o[j + 2] < 250) recovered++;
    }
  return clipped ? recovered / clipped : 1;
};
