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
import { CLIPPED_TOP, type WorkFrame, findGhosts, lookup, transfer } from './ghosts';

/**
 * Module-level aliases: the loops here run per pixel, and a global lookup of `Math` or `Number` per call is many
 * times slower inside Jest's module sandbox, where the specs run them.
 */
const { abs, exp, floor, log2, max, min, round } = Math;
const { isNaN } = Number;

/**
 * The merge of a bracket, in linear light: frames aligned to the reference (the middle exposure), ghosts found,
 * each frame's codes carried onto one scale of scene light, the frames blended into the scene's light, and the
 * scene's range brought into a photo's by a tone map fitted on reduced copies and applied at full size.
 *
 * - One scale (radianceTables): outwards from the reference, each frame's codes are matched to its neighbour's by
 *   their histograms over the pixels both show (exposure keeps the order of brightness, whatever the camera's tone
 *   curve), continued in the frame's own linear light where the neighbour clips; each pixel's light is brought onto
 *   the scale by that response's gain at its luma.
 * - The blend: a frame counts by how much light it recorded (a frame two stops brighter has a quarter of the noise's
 *   share), where its neighbourhood is usable, where the pixel is neither clipped nor black, and not where it shows
 *   a ghost. A window comes from the darker frames, the room from the brighter ones.
 * - The tone map (toneMap): an edge-aware base of the scene's log luminance is rolled off above the room and lifted a
 *   little in deep shadow, the detail over it kept; fitted as the listing look fits its own (a local linear function
 *   of log luminance, He et al.'s guided filter), so it follows every edge at full size without halos.
 *
 * Then the usual pipeline (the listing look, verticals, noise) runs on the result as on any photo. Mertens et al.'s
 * exposure fusion of the frames themselves (the pyramid blend the listing look uses on one photo's virtual
 * exposures) was tried first: its coarse levels spread a dark window's weight over the wall around it as a halo,
 * and the window came out grey.
 */

/** Long side of the reduced copies the frames are aligned, compared and fitted on. */
const WORK_SIDE = 1024;
/**
 * Frames are decoded at most this large: the merge holds 16 bytes a pixel while it blends (each channel's running
 * sum and the weights') beside one frame; 24 MP keeps a seven-frame bracket within about a gigabyte.
 */
export const MAX_BRACKET_PIXELS = 24_000_000;
/** A pixel counts less from its largest channel's first level and not at all from the second, and near black. */
const PIXEL_CLIP_RAMP: [number, number] = [0.75, 0.98];
const PIXEL_BLACK_RAMP: [number, number] = [0.005, 0.03];
/** Radius (share of the long side) of the neighbourhood whose usable pixels blendWeights counts. */
const BLEND_RADIUS_SHARE = 0.02;
/** Share of usable pixels around a pixel from which a frame starts to count there, and counts fully. */
const NEIGHBOURS_USABLE: [number, number] = [0.3, 0.9];
/** Size of the tables that carry a frame's luma onto the common scale. */
const TABLE_SIZE = 1025;
/** Steps of the tables over codes and luma (1/16 code: sampled codes are interpolated). */
const RESPONSE_STEPS = 4096;
const RESPONSE_SCALE = RESPONSE_STEPS / 255;
/** Luma (0..1) within which a frame's level is trusted when it is carried onto another frame's scale. */
const RELIABLE: [number, number] = [0.04, 0.93];
/**
 * Least share of pixels two frames must both show in mid-tones for their colour to be compared, and the range of the
 * red and blue gains (a frame's own balance differs by a few per cent; more is the comparison failing).
 */
const MIN_SHARED = 0.01;
const MIN_GAIN = 0.85;
const MAX_GAIN = 1.18;
/** Luma (0..1) of the mid-tones two frames' colour is compared on. */
const MID_TONES: [number, number] = [0.15, 0.8];
/**
 * The tone map. The base: its window (share of the long side) and edge threshold (log2 units squared: a step over
 * about half a stop is an edge). The scene's median is brought to MERGED_MEDIAN (linear; luma 0.5), moving at most
 * by these stops and never brighter than the brightest frame was exposed; the listing look takes the room to its own
 * aim from there, a smaller step. The room keeps ROOM_RANGE_STOPS over the median as they are; the base above is
 * rolled off towards BASE_WHITE over at least MIN_ROLL_STOPS; shadows SHADOW_STOPS under the median fall less steeply
 * (SHADOW_SLOPE). The detail is kept, and base and detail together rolled off from DETAIL_KNEE towards DETAIL_WHITE.
 */
const BASE_RADIUS_SHARE = 0.04;
const BASE_EPS = 0.25;
const MERGED_MEDIAN = 0.214;
const MAX_LIFT_STOPS = 3;
const MAX_DARKEN_STOPS = -1;
const ROOM_RANGE_STOPS = 1.2;
const BASE_WHITE = 0.6;
const MIN_ROLL_STOPS = 0.8;
const SHADOW_STOPS = 2;
const SHADOW_SLOPE = 0.6;
const DETAIL = 1;
const DETAIL_KNEE = 0.55;
const DETAIL_WHITE = 0.9;
/** The tone map's field, fitted as the listing look's: window (share of the long side), edge threshold (log2²). */
const FIELD_RADIUS_SHARE = 0.015;
const FIELD_EPS = 0.02;
/** Linear level of the largest channel from which a colour is rolled off below white (finish). */
const FINISH_KNEE = 0.85;
/** Least mean ghost weight (ghosts.ts, keep) of a cell whose residual counts towards the alignment's. */
const STATIC_CELL = 0.95;
/** What the last frame standing counts for: the darkest where every frame clips, the brightest where all are black. */
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

/** How much a pixel with this largest channel and luma (0..1) tells as a whole: nothing clipped or black. */
const usable = (top: number, luma: number) =>
  ramp(top, PIXEL_CLIP_RAMP[1], PIXEL_CLIP_RAMP[0]) * ramp(luma, PIXEL_BLACK_RAMP[0], PIXEL_BLACK_RAMP[1]);

/** Linear light of each code (0..255, interpolated at RESPONSE_STEPS), as sRGB decodes it. */
const LINEAR: Float32Array = (() => {
  const table = new Float32Array(RESPONSE_STEPS + 1);
  for (let i = 0; i <= RESPONSE_STEPS; i++) table[i] = srgbToLinear(i / RESPONSE_STEPS);
  return table;
})();

/**
 * A frame's response as a gain on its own linear light, by luma (0..1 at RESPONSE_STEPS): how much brighter the scene
 * is on the common scale than the frame's sRGB decode says, at each level (its radiance table over sRGB's own; 1
 * throughout for the reference). A gain on the pixel's light, not a curve per channel: a steep curve applied to each
 * channel would change a colour's saturation (a lamp-lit wall lifted from a dark frame turns orange), a common gain
 * keeps the frame's own hue and saturation.
 */
const responseOf = (table: Float32Array): Float32Array => {
  const response = new Float32Array(RESPONSE_STEPS + 1);
  for (let i = 0; i <= RESPONSE_STEPS; i++)
    response[i] = 2 ** (lookup(table, i / RESPONSE_STEPS) - logLinear(i / RESPONSE_STEPS));
  return response;
};

/** The scene's light of one channel of a pixel (codes 0..255): its linear light times the frame's gain at its luma. */
const lightOf = (response: Float32Array, code: number, luma: number) =>
  LINEAR[(code * RESPONSE_SCALE + 0.5) | 0] * response[(luma * RESPONSE_STEPS + 0.5) | 0];

interface Work extends WorkFrame {
  /** Red, green and blue codes (0..255, interpolated), interleaved. */
  rgb: Float32Array;
  /** Mean linear luminance of the frame (frames.ts). */
  brightness: number;
}

/** A reduced frame sampled (bilinear, codes) at `transform` of every reference pixel. */
const warpWork = ({ small: image, transform, brightness }: PlannedFrame): Work => {
  const { width, height, data } = image;
  const n = width * height;
  const luma = new Float32Array(n);
  const top = new Float32Array(n);
  const rgbs = new Float32Array(n * 3);
  const [m0, m1, m2, m3, m4, m5] = transform;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const u = m0 * x + m1 * y + m2;
      const v = m3 * x + m4 * y + m5;
      if (u < 0 || v < 0 || u > width - 1 || v > height - 1) {
        luma[p] = top[p] = NaN;
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
      for (let c = 0; c < 3; c++) rgbs[p * 3 + c] = rgb[c];
    }
  return { luma, top, rgb: rgbs, brightness };
};

/**
 * Each frame's white balance brought to the reference's: red and blue gains (luminance kept) from the mid-tones a
 * frame shares with its neighbour towards the reference, chained. A camera may balance each exposure of a bracket on
 * its own (the two-frame scenes' frames differ by up to 4 units of b*), and a window from one frame beside a room from
 * another would otherwise differ in colour by as much.
 */
const colourGains = (
  frames: Work[],
  responses: Float32Array[],
  keep: Float32Array[],
  reference: number,
): [number, number, number][] => {
  const gains: [number, number, number][] = frames.map(() => [1, 1, 1]);
  for (const direction of [-1, 1])
    for (let k = reference + direction; k >= 0 && k < frames.length; k += direction) {
      const [frame, near] = [frames[k], frames[k - direction]];
      const sums = [0, 0, 0, 0, 0, 0];
      let shared = 0;
      for (let p = 0; p < frame.luma.length; p++) {
        const [a, b] = [frame.luma[p], near.luma[p]];
        if (!(a > MID_TONES[0] && a < MID_TONES[1] && b > MID_TONES[0] && b < MID_TONES[1])) continue;
        if (frame.top[p] >= CLIPPED_TOP || near.top[p] >= CLIPPED_TOP || keep[k][p] < 1) continue;
        shared++;
        for (let c = 0; c < 3; c++) {
          sums[c] += lightOf(responses[k], frame.rgb[p * 3 + c], a);
          sums[3 + c] += lightOf(responses[k - direction], near.rgb[p * 3 + c], b);
        }
      }
      const nearGains = gains[k - direction];
      if (!(shared >= MIN_SHARED * frame.luma.length)) {
        gains[k] = [...nearGains];
        continue;
      }
      const red = clamp(((sums[3] / sums[4]) * nearGains[0]) / (sums[0] / sums[1]) / nearGains[1], MIN_GAIN, MAX_GAIN);
      const blue = clamp(((sums[5] / sums[4]) * nearGains[2]) / (sums[2] / sums[1]) / nearGains[1], MIN_GAIN, MAX_GAIN);
      const norm = 1 / (LUMA_R * red + LUMA_G + LUMA_B * blue);
      gains[k] = [red * norm, norm, blue * norm];
    }
  return gains;
};

/**
 * How much each frame counts at each reference pixel of the working size, before the pixel's own clipping: where it
 * may (ghosts), times how much less noise it has than the others (its exposure: a frame two stops brighter recorded
 * four times the light), times how well exposed its neighbourhood is (the share of usable pixels around). The last
 * keeps the change from one frame to another smooth: a frame whose pixels flicker about its white point (a sunlit
 * page, noise around the clipping level) leaves the whole area to a darker frame instead of speckling it with two.
 */
const blendWeights = (
  frames: Work[],
  keep: Float32Array[],
  stops: number[],
  width: number,
  height: number,
): Float32Array[] => {
  const brightest = max(...stops);
  const radius = max(1, round(max(width, height) * BLEND_RADIUS_SHARE));
  return frames.map((frame, k) => {
    const told = frame.luma.map((v, p) => (isNaN(v) ? 0 : usable(frame.top[p], v)));
    // A frame counts fully only where nearly all its neighbourhood is usable.
    const smooth = boxFilter(told, width, height, radius).map((share) =>
      ramp(share, NEIGHBOURS_USABLE[0], NEIGHBOURS_USABLE[1]),
    );
    const light = 2 ** (stops[k] - brightest);
    return smooth.map((u, p) => u * keep[k][p] * light);
  });
};

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
 * What each frame brings to the blend: where it is, its response and colour gains, how much it counts around each
 * pixel (blendWeights, at the working size), how much it may count at all (ghosts), and whether it stands in where
 * every frame clips (the darkest) or is black (the brightest), or where nothing else does (the reference).
 */
interface Contribution {
  response: Float32Array;
  gains: [number, number, number];
  blend: Float32Array;
  keep: Float32Array;
  darkest: boolean;
  brightest: boolean;
  reference: boolean;
}

/**
 * The weight of one frame's pixel (codes 0..255): `around` (blend) and `kept` (keep) sampled at it. All three channels
 * come from the same frames in the same shares: a colour mixed channel by channel from frames the matching calibrated
 * only roughly against each other (five stops apart, a dark frame's green and blue in its noise) takes on hues
 * neither frame has.
 */
const pixelWeight = (r: number, g: number, b: number, around: number, kept: number, contribution: Contribution) => {
  const top = (r > g ? (r > b ? r : b) : g > b ? g : b) / 255;
  const luma = (LUMA_R * r + LUMA_G * g + LUMA_B * b) / 255;
  // A floor, so that a pixel no frame's neighbourhood vouches for still takes what its frames show of it.
  let w = (around + kept * FALLBACK_WEIGHT) * usable(top, luma);
  if (contribution.darkest && top >= PIXEL_CLIP_RAMP[1]) w += kept * FALLBACK_WEIGHT;
  if (contribution.brightest && luma <= PIXEL_BLACK_RAMP[0]) w += kept * FALLBACK_WEIGHT;
  // And where nothing else counts (black in the dark frame, white in the bright one), the reference.
  if (contribution.reference) w += FALLBACK_WEIGHT / 100;
  return w;
};

/**
 * The scene's log2 luminance at every pixel of the working size, blended as the full-size photo is; where every frame that may count clips (the reference alone, over a window, where a person stood in
 * front of it in the darker frames), the scene is only known to be at least this bright and is taken as bright as
 * the scene around it, not as the reference's white, which the tone map would render grey beside the recovered view.
 */
const sceneLuminance = (frames: Work[], contributions: Contribution[], width: number, height: number) => {
  const n = width * height;
  const scene = new Float32Array(n);
  const exact = new Float32Array(n);
  const bounded = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    let sum = 0;
    let total = 0;
    let told = 0;
    let clippedOnly = true;
    for (const [k, frame] of frames.entries()) {
      if (isNaN(frame.luma[p])) continue;
      const { response, gains, blend, keep } = contributions[k];
      const [r, g, b] = frame.rgb.subarray(p * 3, p * 3 + 3);
      const w = pixelWeight(r, g, b, blend[p], keep[p], contributions[k]);
      const luma = frame.luma[p];
      sum +=
        w *
        (LUMA_R * gains[0] * lightOf(response, r, luma) +
          LUMA_G * gains[1] * lightOf(response, g, luma) +
          LUMA_B * gains[2] * lightOf(response, b, luma));
      total += w;
      told += blend[p] * usable(frame.top[p], frame.luma[p]);
      if (keep[p] > 0.5 && frame.top[p] < CLIPPED_TOP) clippedOnly = false;
    }
    scene[p] = log2(max(sum / (total || 1), 1 / 65536));
    exact[p] = told;
    bounded[p] = clippedOnly && told < 1e-3 ? 1 : 0;
  }
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

/** x up to `knee` as it is, above it rolled off so it approaches `white` (log2 units) but never reaches it. */
const rollOff = (x: number, knee: number, white: number) =>
  x <= knee ? x : knee + (white - knee) * (1 - exp(-(x - knee) / (white - knee)));

/**
 * The merged photo's log2 luminance: the scene's, with its large-scale range compressed where it exceeds what a
 * photo shows (a window several stops over the room) and its detail kept. The scene is split into a base (an
 * edge-aware smoothing: a window's frame stays a sharp step in it, so nothing spreads across it as a halo) and the
 * detail over it. The room is brought to a photo's brightness; the base above it is rolled off below white, and well
 * below it brought up a little; the detail is added back and the sum rolled off once more so that no texture of the
 * view piles up at white.
 */
const toneMap = (scene: Float32Array, width: number, height: number, brightest: number): Float32Array => {
  const radius = max(2, round(max(width, height) * BASE_RADIUS_SHARE));
  const { a, b } = guidedCoefficients(scene, width, height, radius, BASE_EPS);
  const sorted = Float32Array.from(scene).sort();
  const median = sorted[floor(sorted.length / 2)];
  // The room brought to a photo's brightness from whichever frames recorded it: a dark reference is lifted with the
  // brighter frames' cleaner shadows, which the 8-bit photo the look receives could not give it afterwards.
  const shift = clamp(log2(MERGED_MEDIAN) - median, MAX_DARKEN_STOPS, min(MAX_LIFT_STOPS, max(0, brightest)));
  const anchor = median + shift;
  const white = log2(BASE_WHITE);
  const knee = min(anchor + ROOM_RANGE_STOPS, white - MIN_ROLL_STOPS);
  const shadowFloor = anchor - SHADOW_STOPS;
  const [detailKnee, detailWhite] = [log2(DETAIL_KNEE), log2(DETAIL_WHITE)];
  return scene.map((level, p) => {
    const v = level + shift;
    const base = a[p] * level + b[p] + shift;
    const toned = base < shadowFloor ? shadowFloor - (shadowFloor - base) * SHADOW_SLOPE : rollOff(base, knee, white);
    return rollOff(toned + (v - base) * DETAIL, detailKnee, detailWhite);
  });
};

/** A field of log2 gains as a local linear function of log2 luminance (the listing look's GainField). */
interface Field {
  a: Float32Array;
  b: Float32Array;
}

/** Guided-filter fit of `target` as a local linear function of `guide` (He et al.), both log2 luminance. */
const fitField = (guide: Float32Array, target: Float32Array, width: number, height: number): Field => {
  const radius = max(2, round(max(width, height) * FIELD_RADIUS_SHARE));
  const gain = target.map((t, p) => t - guide[p]);
  const meanG = boxFilter(guide, width, height, radius);
  const meanT = boxFilter(gain, width, height, radius);
  const meanGG = boxFilter(
    guide.map((g) => g * g),
    width,
    height,
    radius,
  );
  const meanGT = boxFilter(
    guide.map((g, p) => g * gain[p]),
    width,
    height,
    radius,
  );
  const a = new Float32Array(guide.length);
  const b = new Float32Array(guide.length);
  for (let p = 0; p < guide.length; p++) {
    const variance = max(0, meanGG[p] - meanG[p] * meanG[p]);
    a[p] = (meanGT[p] - meanG[p] * meanT[p]) / (variance + FIELD_EPS);
    b[p] = meanT[p] - a[p] * meanG[p];
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
  /** The weighted scene light of each channel and the weights' sum, interleaved: r, g, b, w. */
  sums: Float32Array;
}

/**
 * Adds one full-size frame, sampled at `transform` of each reference pixel: its scene light through its response
 * and colour gains, weighted as sceneLuminance weights the reduced copies.
 */
const accumulate = (
  into: Accumulator,
  image: RgbImage,
  transform: Affine,
  contribution: Contribution,
  workWidth: number,
  workHeight: number,
) => {
  const { width, height, sums } = into;
  const { data } = image;
  const { response, gains, blend, keep } = contribution;
  const cols = columns(workWidth, width);
  const rows = columns(workHeight, height);
  const [m0, m1, m2, m3, m4, m5] = transform;
  const stride = width * 3;
  const rgb = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    const r0 = rows.x0[y] * workWidth;
    const r1 = rows.x1[y] * workWidth;
    const ty = rows.tx[y];
    for (let x = 0; x < width; x++) {
      const u = m0 * x + m1 * y + m2;
      const v = m3 * x + m4 * y + m5;
      if (u < 0 || v < 0 || u > width - 1 || v > height - 1) continue;
      const c0 = cols.x0[x];
      const c1 = cols.x1[x];
      const tx = cols.tx[x];
      const s0 = blend[r0 + c0] + (blend[r0 + c1] - blend[r0 + c0]) * tx;
      const s1 = blend[r1 + c0] + (blend[r1 + c1] - blend[r1 + c0]) * tx;
      const k0 = keep[r0 + c0] + (keep[r0 + c1] - keep[r0 + c0]) * tx;
      const k1 = keep[r1 + c0] + (keep[r1 + c1] - keep[r1 + c0]) * tx;
      const around = s0 + (s1 - s0) * ty;
      const kept = k0 + (k1 - k0) * ty;
      if (around <= 0 && kept <= 0) continue;
      const xi = u | 0;
      const yi = v | 0;
      const fx = u - xi;
      const fy = v - yi;
      const i00 = yi * stride + xi * 3;
      const i01 = fx > 0 ? i00 + 3 : i00;
      const i10 = fy > 0 ? i00 + stride : i00;
      const i11 = fy > 0 ? i01 + stride : i01;
      for (let c = 0; c < 3; c++) {
        const top = data[i00 + c] + (data[i01 + c] - data[i00 + c]) * fx;
        rgb[c] = top + (data[i10 + c] + (data[i11 + c] - data[i10 + c]) * fx - top) * fy;
      }
      const w = pixelWeight(rgb[0], rgb[1], rgb[2], around, kept, contribution);
      if (w <= 0) continue;
      const o = (y * width + x) * 4;
      const scaled =
        w * response[(((LUMA_R * rgb[0] + LUMA_G * rgb[1] + LUMA_B * rgb[2]) / 255) * RESPONSE_STEPS + 0.5) | 0];
      for (let c = 0; c < 3; c++) sums[o + c] += scaled * LINEAR[(rgb[c] * RESPONSE_SCALE + 0.5) | 0] * gains[c];
      sums[o + 3] += w;
    }
  }
};

/**
 * The scene's light toned into the photo, as 8-bit sRGB: each pixel's gain read from the tone map's field at its
 * log luminance (sampled bilinearly from the working size), then a colour whose largest channel nears white rolled
 * off as a whole (hue and saturation kept) from FINISH_KNEE: a blue sky or a lamp shade keeps its colour instead of
 * turning white in one channel.
 */
const finish = (
  { width, height, sums }: Accumulator,
  field: Field,
  workWidth: number,
  workHeight: number,
): RgbImage => {
  const out = new Uint8Array(width * height * 3);
  const span = 1 - FINISH_KNEE;
  const cols = columns(workWidth, width);
  const rows = columns(workHeight, height);
  const { a, b } = field;
  for (let y = 0; y < height; y++) {
    const r0 = rows.x0[y] * workWidth;
    const r1 = rows.x1[y] * workWidth;
    const ty = rows.tx[y];
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const o = p * 4;
      const w = sums[o + 3] || 1;
      let r = sums[o] / w;
      let g = sums[o + 1] / w;
      let bl = sums[o + 2] / w;
      const c0 = cols.x0[x];
      const c1 = cols.x1[x];
      const tx = cols.tx[x];
      const a0 = a[r0 + c0] + (a[r0 + c1] - a[r0 + c0]) * tx;
      const a1 = a[r1 + c0] + (a[r1 + c1] - a[r1 + c0]) * tx;
      const b0 = b[r0 + c0] + (b[r0 + c1] - b[r0 + c0]) * tx;
      const b1 = b[r1 + c0] + (b[r1 + c1] - b[r1 + c0]) * tx;
      const l = fastLog2(max(LUMA_R * r + LUMA_G * g + LUMA_B * bl, 1 / 65536));
      const gain = fastExp2((a0 + (a1 - a0) * ty) * l + b0 + (b1 - b0) * ty);
      r *= gain;
      g *= gain;
      bl *= gain;
      const top = r > g ? (r > bl ? r : bl) : g > bl ? g : bl;
      if (top > FINISH_KNEE) {
        const scale = (FINISH_KNEE + span * (1 - exp(-(top - FINISH_KNEE) / span))) / top;
        r *= scale;
        g *= scale;
        bl *= scale;
      }
      const q = p * 3;
      out[q] = ENCODE[r <= 0 ? 0 : r >= 1 ? ENCODE_STEPS : (r * ENCODE_STEPS + 0.5) | 0];
      out[q + 1] = ENCODE[g <= 0 ? 0 : g >= 1 ? ENCODE_STEPS : (g * ENCODE_STEPS + 0.5) | 0];
      out[q + 2] = ENCODE[bl <= 0 ? 0 : bl >= 1 ? ENCODE_STEPS : (bl * ENCODE_STEPS + 0.5) | 0];
    }
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

/**
 * Merges a bracket (2-7 frames of one view) into one photo; throws BracketError (an EnhancementError) for frames
 * that do not make one.
 */
export const mergeBracket = async (buffers: readonly Buffer[]): Promise<MergedBracket> => {
  const { frames, reference, workWidth, workHeight, contributions, field, ghostShare, residuals, referenceSmall } =
    await prepare(buffers);
  let accumulator: Accumulator | null = null;
  // What the merged photo keeps of the reference's file (not its pixels: each frame's go once blended).
  let base: Omit<DecodedPhoto, 'image' | 'inputBytes' | 'gainMap'> | null = null;
  let referencePreview: RgbImage | null = null;
  const movement = { shift: 0, rotation: 0 };
  // The reference first: its decode fixes the full size every other frame is sampled onto. One frame at a time: only
  // the running sums stay.
  const order = [reference, ...frames.keys()].filter((k, i) => i === 0 || k !== reference);
  for (const k of order) {
    const frame = frames[k];
    const decoded = await decodePhoto(buffers[frame.index], MAX_BRACKET_PIXELS);
    const { width, height } = decoded.image;
    if (!accumulator) {
      accumulator = { width, height, sums: new Float32Array(width * height * 4) };
      const { format, orientation, hadIccProfile, reducedFrom } = decoded;
      base = { format, orientation, hadIccProfile, ...(reducedFrom ? { reducedFrom } : {}) };
      referencePreview = await reduceBeforePreview(decoded.image);
    } else if (width !== accumulator.width || height !== accumulator.height) {
      throw new BracketError(
        'different-sizes',
        `Frame ${frame.index + 1} decodes to ${width} x ${height} pixels and frame ${frames[reference].index + 1} to ${accumulator.width} x ${accumulator.height}: every frame of a bracket must be the same size.`,
        frame.index,
      );
    }
    const transform = rescale(frame.transform, width / workWidth, height / workHeight);
    movement.shift = max(movement.shift, largestShift(transform, width, height));
    movement.rotation = max(movement.rotation, abs(rotationDeg(transform)));
    accumulate(accumulator, decoded.image, transform, contributions[k], workWidth, workHeight);
  }
  const merged = finish(accumulator!, field, workWidth, workHeight);
  return {
    decoded: { ...base!, image: merged, inputBytes: buffers.reduce((total, buffer) => total + buffer.length, 0) },
    referencePreview: referencePreview!,
    merge: {
      frames: frames.length,
      alignment: {
        meanErrorPx: round2(mean(residuals) * (merged.width / workWidth)),
        maxShiftPx: round2(movement.shift),
        rotationDeg: round2(movement.rotation),
      },
      ghostSharePct: round2(ghostShare * 100),
      windowRecoveredPct: round2(recoveredShare(referenceSmall, merged) * 100),
    },
  };
};

/**
 * Everything decided on the reduced copies: the plan (frames read, checked, ordered and aligned), ghosts, the common
 * scale, colour, the blend's weights and the tone map's field. Only what the full-size blend needs is returned, so
 * the copies can go before the frames are decoded.
 */
const prepare = async (buffers: readonly Buffer[]) => {
  const plan = await planOrRefuse(buffers);
  const used: PlannedFrame[] = plan.frames.filter((frame, k) => k === plan.reference || !frame.unusable);
  const reference = used.indexOf(plan.frames[plan.reference]);
  const { width, height } = used[reference].small;
  const work = used.map(warpWork);
  const ghosts = findGhosts(work, reference, width, height);
  const tables = radianceTables(work, reference);
  const responses = tables.map(responseOf);
  // Each frame's exposure against the reference's, in stops: where a mid-grey code of each lands on the scale.
  const stops = tables.map((table) => lookup(tables[reference], 0.5) - lookup(table, 0.5));
  const blend = blendWeights(work, ghosts.keep, stops, width, height);
  const gains = colourGains(work, responses, ghosts.keep, reference);
  const contributions: Contribution[] = work.map((_, k) => ({
    response: responses[k],
    gains: gains[k],
    blend: blend[k],
    keep: ghosts.keep[k],
    darkest: k === 0,
    brightest: k === work.length - 1,
    reference: k === reference,
  }));
  const scene = sceneLuminance(work, contributions, width, height);
  const field = fitField(scene, toneMap(scene, width, height, max(...stops)), width, height);
  return {
    frames: used.map(({ index, transform }) => ({ index, transform })),
    reference,
    workWidth: width,
    workHeight: height,
    contributions,
    field,
    ghostShare: ghosts.share,
    // The alignment's residual where nothing moved: a cell a ghost covers measures the ghost, reported on its own.
    residuals: used.flatMap((frame, k) =>
      frame.residuals.filter(({ box }) => meanOver(ghosts.keep[k], width, box) > STATIC_CELL).map((cell) => cell.shift),
    ),
    referenceSmall: used[reference].small,
  };
};

/** Mean of a plane over a box [left, top, right, bottom). */
const meanOver = (plane: Float32Array, width: number, [left, top, right, bottom]: [number, number, number, number]) => {
  let sum = 0;
  for (let y = top; y < bottom; y++) for (let x = left; x < right; x++) sum += plane[y * width + x];
  return sum / max(1, (right - left) * (bottom - top));
};

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

const round2 = (v: number) => round(v * 100) / 100;

/** Luma (0..1) from which, and spread (codes over a 5x5 neighbourhood) within which, a pixel shows as blown. */
const BLOWN_LUMA = 0.9;
const FLAT_CODES = 3;
/** Least share of the reference's pixels that must clip for it to have a window to recover. */
const MIN_CLIPPED_SHARE = 0.002;

/**
 * The pixels an image shows blown: near white and flat, no detail left. Flatness counts, not a code: the listing look
 * renders a recorded white a little below white, and a blank window is not a recovered one.
 */
export const blownMask = ({ width, height, data }: RgbImage): Uint8Array => {
  const luma = new Uint8Array(width * height);
  for (let p = 0; p < luma.length; p++)
    luma[p] = round(LUMA_R * data[p * 3] + LUMA_G * data[p * 3 + 1] + LUMA_B * data[p * 3 + 2]);
  const blown = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (luma[y * width + x] < BLOWN_LUMA * 255) continue;
      let low = 255;
      let high = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const v = luma[min(height - 1, max(0, y + dy)) * width + min(width - 1, max(0, x + dx))];
          if (v < low) low = v;
          if (v > high) high = v;
        }
      blown[y * width + x] = high - low <= FLAT_CODES ? 1 : 0;
    }
  return blown;
};

/**
 * Share of `reference`'s clipped pixels (a channel at 250 or above: its blown window) that `result` (the same view,
 * any size) does not show blown; 0 when the reference clips almost nothing (no window to recover).
 */
export const recoveredShare = (reference: RgbImage, result: RgbImage): number => {
  const blown = blownMask(result);
  const d = reference.data;
  let clipped = 0;
  let recovered = 0;
  for (let y = 0; y < reference.height; y++)
    for (let x = 0; x < reference.width; x++) {
      const i = (y * reference.width + x) * 3;
      if (d[i] < 250 && d[i + 1] < 250 && d[i + 2] < 250) continue;
      clipped++;
      const rx = min(result.width - 1, floor(((x + 0.5) * result.width) / reference.width));
      const ry = min(result.height - 1, floor(((y + 0.5) * result.height) / reference.height));
      if (!blown[ry * result.width + rx]) recovered++;
    }
  return clipped >= MIN_CLIPPED_SHARE * reference.width * reference.height ? recovered / clipped : 0;
};
