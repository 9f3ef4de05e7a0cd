import { SRGB_TO_LINEAR, linearToSrgb } from '../color';
import { ANALYSIS_LONG_SIDE, measurePhoto } from '../measure';
import { type RgbImage, downscale } from '../rgb-image';
import { VERTICALS_MIN_EV, correctVerticals, estimateVerticals, trustOf } from '../stages/verticals';

/**
 * Known-bad copies of a photo for the degradation benchmark, made in linear light: a good engine maps the copy and
 * the original to the same result. Deterministic (the noise is seeded), so model outputs can be cached.
 */
export const DEGRADATIONS = ['minus-1ev', 'plus-1ev', 'tungsten', 'fluorescent', 'noise', 'pitch'] as const;
export type Degradation = (typeof DEGRADATIONS)[number];

/** Pitch added by the `pitch` degradation, degrees (camera tilted up: verticals converge upwards). */
export const ADDED_PITCH_DEG = 3;

/**
 * Linear-light channel gains, normalised to keep luminance (a camera's auto-exposure does): a tungsten lamp of about
 * 3300 K seen by a camera balanced for daylight, and the green of cheap fluorescent tubes.
 */
const CASTS: Record<'tungsten' | 'fluorescent', [number, number, number]> = {
  tungsten: [1, 0.78, 0.52],
  fluorescent: [0.86, 1, 0.8],
};

const ENCODE_STEPS = 8192;
const ENCODE = (() => {
  const table = new Uint8Array(ENCODE_STEPS + 1);
  for (let k = 0; k <= ENCODE_STEPS; k++) table[k] = Math.round(linearToSrgb(k / ENCODE_STEPS) * 255);
  return table;
})();
const encode = (linear: number): number =>
  ENCODE[Math.round((linear < 0 ? 0 : linear > 1 ? 1 : linear) * ENCODE_STEPS)];

const withGains = (image: RgbImage, gains: [number, number, number]): RgbImage => {
  const out = new Uint8Array(image.data.length);
  for (let i = 0; i < out.length; i += 3)
    for (let c = 0; c < 3; c++) out[i + c] = encode(SRGB_TO_LINEAR[image.data[i + c]] * gains[c]);
  return { width: image.width, height: image.height, data: out };
};

/** A seeded uniform generator (mulberry32) and normal deviates from it (Box-Muller). */
export const seededNormal = (seed: number) => {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
};

/** A field of unit-variance noise correlated over about 3 pixels ([1 2 1] blur both ways), like demosaiced grain. */
const grainField = (width: number, height: number, normal: () => number): Float32Array => {
  const n = width * height;
  const white = new Float32Array(n);
  for (let p = 0; p < n; p++) white[p] = normal();
  const tmp = new Float32Array(n);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      tmp[p] = (white[x > 0 ? p - 1 : p] + 2 * white[p] + white[x < width - 1 ? p + 1 : p]) / 4;
    }
  // Variance of a [1 2 1]/4 blur applied both ways is (6/16)^2 of the input's.
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      white[p] = (tmp[y > 0 ? p - width : p] + 2 * tmp[p] + tmp[y < height - 1 ? p + width : p]) / 4 / 0.375;
    }
  return white;
};

/**
 * Phone-like noise: signal-dependent (shot plus read noise) in linear light, spatially correlated, mostly luma with
 * some chroma. About 4 levels of 8-bit sigma on a mid-grey wall.
 */
const addNoise = (image: RgbImage, seed: number): RgbImage => {
  const { width, height, data } = image;
  const normal = seededNormal(seed);
  const luma = grainField(width, height, normal);
  const chroma = [grainField(width, height, normal), grainField(width, height, normal)];
  const out = new Uint8Array(data.length);
  for (let p = 0, i = 0; p < width * height; p++, i += 3) {
    for (let c = 0; c < 3; c++) {
      const x = SRGB_TO_LINEAR[data[i + c]];
      const sigma = Math.sqrt(0.0004 * x + 0.000004);
      const n =
        luma[p] + 0.5 * (c === 0 ? chroma[0][p] : c === 2 ? chroma[1][p] : -0.5 * (chroma[0][p] + chroma[1][p]));
      out[i + c] = encode(x + sigma * n);
    }
  }
  return { width, height, data: out };
};

/** Converging verticals as from a camera pitched up by `degrees` (the inverse of the engine's correction). */
const addPitch = (image: RgbImage, degrees: number): RgbImage => {
  const copy = { width: image.width, height: image.height, data: image.data.slice() };
  const side = Math.max(image.width, image.height);
  // The engine's model: k = tan(pitch) / f with f = 0.75 long side (see verticals.ts); correcting -k adds k.
  const k = -Math.tan((degrees * Math.PI) / 180) / (0.75 * side);
  correctVerticals(copy, { k, roll: 0 }, side);
  return copy;
};

export const degrade = (image: RgbImage, kind: Degradation, seed = 1): RgbImage => {
  switch (kind) {
    case 'minus-1ev':
      return withGains(image, [0.5, 0.5, 0.5]);
    case 'plus-1ev':
      return withGains(image, [2, 2, 2]);
    case 'tungsten':
    case 'fluorescent': {
      const gains = CASTS[kind];
      const luminance = 0.2126 * gains[0] + 0.7152 * gains[1] + 0.0722 * gains[2];
      return withGains(image, gains.map((g) => g / luminance) as [number, number, number]);
    }
    case 'noise':
      return addNoise(image, seed);
    case 'pitch':
      return addPitch(image, ADDED_PITCH_DEG);
  }
};

/**
 * Camera pitch the engine's line detector reads on a photo, or null where it has no evidence to say (too few agreeing
 * verticals, or too scattered): the same trust the engine needs before it corrects anything.
 */
export const measuredPitch = (image: RgbImage): number | null => {
  const estimate = estimateVerticals(image);
  return trustOf(estimate.evidence) > 0 ? estimate.pitchDeg : null;
};

/**
 * Whether the engine straightens a photo with a correction that fits the frame: false for a photo it leaves as it is
 * (too dark, no trusted lines, a tilt past the safe bound) and for one whose correction it eases off to keep the room
 * in the frame. Those are left leaning by design, so the residual-tilt target holds only where this is true of the
 * photo and of its pitched copy.
 */
export const correctionFits = async (image: RgbImage): Promise<boolean> => {
  const small = await downscale(image, ANALYSIS_LONG_SIDE);
  const estimate = estimateVerticals(small);
  return measurePhoto(small).exposureEv >= VERTICALS_MIN_EV && estimate.correct && !estimate.eased;
};
