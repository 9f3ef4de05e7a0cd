import { linearRgbToLab, LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR } from '../color';
import type { RgbImage } from '../rgb-image';

/**
 * The listing report's six figures of one photo, without a reference: the product's issue defines each of them
 * exactly, so they are computed here on their own and not taken from the engine's measurements (which the engine
 * tunes itself against). The caller resizes the photo so its long side is 1024 px first.
 */
export interface ListingFigures {
  /** Median Rec. 709 luma of the 8-bit codes, 0..1. */
  medianLuma: number;
  /** 10th percentile of the same luma: how dark the shadows are. */
  p10Luma: number;
  /** Percent of pixels with any channel at 250 or above. */
  clippedPercent: number;
  /** Percent of pixels with luma at or below 0.03. */
  crushedPercent: number;
  /**
   * CIELAB chroma of the mean a*, b* of the sampled near-neutral pixels; null when the photo has none (a photo
   * without near-neutrals has no measurable cast, which is not the same as a neutral one).
   */
  cast: number | null;
  /** Hasler-Süsstrunk colourfulness on the 8-bit codes. */
  colourfulness: number;
}

/** Near-neutral pixels for the cast: every third pixel in raster order, in these ranges. */
const CAST_SAMPLE_EVERY = 3;
const CAST_LUMA_MIN = 0.25;
const CAST_LUMA_MAX = 0.97;
const CAST_CHROMA_BELOW = 20;
const CAST_LIGHTNESS_ABOVE = 35;
const CLIPPED_CODE = 250;
const CRUSHED_LUMA = 0.03;

/** Luma of one pixel's codes, 0..1. */
const lumaAt = (data: Uint8Array, i: number) => (LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2]) / 255;

/** The q-quantile (0..1) of sorted values, interpolated linearly between ranks (so the median of an even count is the mean of the middle two). */
const quantile = (sorted: Float64Array, q: number): number => {
  const rank = q * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
};

export const listingFigures = (image: RgbImage): ListingFigures => {
  const { data } = image;
  const n = image.width * image.height;
  if (n === 0) throw new Error('listingFigures: an empty image has no figures');
  const lumas = new Float64Array(n);
  let clipped = 0;
  let crushed = 0;
  let sumA = 0;
  let sumB = 0;
  let neutrals = 0;
  let sumRg = 0;
  let sumYb = 0;
  let sumRg2 = 0;
  let sumYb2 = 0;
  for (let p = 0; p < n; p++) {
    const i = p * 3;
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const luma = lumaAt(data, i);
    lumas[p] = luma;
    if (r >= CLIPPED_CODE || g >= CLIPPED_CODE || b >= CLIPPED_CODE) clipped++;
    if (luma <= CRUSHED_LUMA) crushed++;
    if (p % CAST_SAMPLE_EVERY === 0 && luma >= CAST_LUMA_MIN && luma <= CAST_LUMA_MAX) {
      const lab = linearRgbToLab(SRGB_TO_LINEAR[r], SRGB_TO_LINEAR[g], SRGB_TO_LINEAR[b]);
      if (Math.hypot(lab.a, lab.b) < CAST_CHROMA_BELOW && lab.l > CAST_LIGHTNESS_ABOVE) {
        sumA += lab.a;
        sumB += lab.b;
        neutrals++;
      }
    }
    const rg = r - g;
    const yb = 0.5 * (r + g) - b;
    sumRg += rg;
    sumYb += yb;
    sumRg2 += rg * rg;
    sumYb2 += yb * yb;
  }
  lumas.sort();
  const meanRg = sumRg / n;
  const meanYb = sumYb / n;
  // Population variances; clamped at 0 against rounding on flat patches.
  const varRg = Math.max(0, sumRg2 / n - meanRg * meanRg);
  const varYb = Math.max(0, sumYb2 / n - meanYb * meanYb);
  return {
    medianLuma: quantile(lumas, 0.5),
    p10Luma: quantile(lumas, 0.1),
    clippedPercent: (100 * clipped) / n,
    crushedPercent: (100 * crushed) / n,
    cast: neutrals ? Math.hypot(sumA / neutrals, sumB / neutrals) : null,
    colourfulness: Math.sqrt(varRg + varYb) + 0.3 * Math.hypot(meanRg, meanYb),
  };
};

/** The figures in the order the report prints them. */
export const LISTING_FIGURES = [
  'medianLuma',
  'p10Luma',
  'clippedPercent',
  'crushedPercent',
  'cast',
  'colourfulness',
] as const satisfies readonly (keyof ListingFigures)[];

/**
 * The targets for the default style on unedited listing photos (listing-dev): the means over the set, and
 * per photo the limits against its own input.
 */
export const LISTING_DEV_TARGETS = {
  medianLuma: { min: 0.55, max: 0.72 },
  p10LumaMin: 0.25,
  crushedPercentMax: 0.5,
  clippedPercentMax: 1,
  castMax: 3.5,
  colourfulnessMax: 40,
  /** No photo more crushed or more clipped than its input by more than this many percentage points. */
  morePointsMax: 0.5,
  /** No photo more colourful than this multiple of its input. */
  colourfulnessRatioMax: 1.25,
} as const;

/** The targets on finished listing photos (listing-finished): the engine should leave them nearly alone. */
export const LISTING_FINISHED_TARGETS = {
  medianLumaChangeMax: 0.05,
  psnrMinDb: 28,
} as const;

export interface Check {
  label: string;
  pass: boolean;
  /** The measured figure, as printed. */
  measured: string;
  /** Photos that broke a per-photo limit. */
  offenders: string[];
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(values.length, 1);
const casts = (figures: ListingFigures[]) => figures.flatMap((f) => (f.cast === null ? [] : [f.cast]));

/** One photo's figures before and after the engine. */
export interface ListingPair {
  name: string;
  input: ListingFigures;
  output: ListingFigures;
}

/**
 * The listing-dev checks on one style's outputs. Set means of cast are over the photos whose cast can be measured.
 */
export const listingDevChecks = (pairs: ListingPair[]): Check[] => {
  const t = LISTING_DEV_TARGETS;
  const outputs = pairs.map((p) => p.output);
  const meanOf = (key: Exclude<keyof ListingFigures, 'cast'>) => mean(outputs.map((f) => f[key]));
  const setMean = (label: string, value: number, pass: boolean): Check => ({
    label,
    pass,
    measured: value.toFixed(3),
    offenders: [],
  });
  const perPhoto = (label: string, broke: (p: ListingPair) => boolean): Check => {
    const offenders = pairs.filter(broke).map((p) => p.name);
    return { label, pass: offenders.length === 0, measured: `${offenders.length} of ${pairs.length}`, offenders };
  };
  const median = meanOf('medianLuma');
  const cast = mean(casts(outputs));
  return [
    setMean(
      `mean median luma in ${t.medianLuma.min}-${t.medianLuma.max}`,
      median,
      median >= t.medianLuma.min && median <= t.medianLuma.max,
    ),
    setMean(`mean p10 luma >= ${t.p10LumaMin}`, meanOf('p10Luma'), meanOf('p10Luma') >= t.p10LumaMin),
    setMean(
      `mean crushed % <= ${t.crushedPercentMax}`,
      meanOf('crushedPercent'),
      meanOf('crushedPercent') <= t.crushedPercentMax,
    ),
    setMean(
      `mean clipped % <= ${t.clippedPercentMax}`,
      meanOf('clippedPercent'),
      meanOf('clippedPercent') <= t.clippedPercentMax,
    ),
    setMean(`mean cast <= ${t.castMax}`, cast, cast <= t.castMax),
    setMean(
      `mean colourfulness <= ${t.colourfulnessMax}`,
      meanOf('colourfulness'),
      meanOf('colourfulness') <= t.colourfulnessMax,
    ),
    perPhoto(
      `no photo more crushed than its input by > ${t.morePointsMax} points`,
      (p) => p.output.crushedPercent > p.input.crushedPercent + t.morePointsMax,
    ),
    perPhoto(
      `no photo more clipped than its input by > ${t.morePointsMax} points`,
      (p) => p.output.clippedPercent > p.input.clippedPercent + t.morePointsMax,
    ),
    perPhoto(
      `no photo more colourful than ${t.colourfulnessRatioMax} x its input`,
      (p) => p.output.colourfulness > p.input.colourfulness * t.colourfulnessRatioMax,
    ),
  ];
};

/**
 * The listing-finished checks, per photo: median luma within ±0.05 of the input, cast not raised (a photo whose
 * input or output cast cannot be measured is not held against it), PSNR of output against input at least 28 dB.
 */
export const listingFinishedChecks = (pairs: (ListingPair & { psnr: number })[]): Check[] => {
  const t = LISTING_FINISHED_TARGETS;
  const perPhoto = (label: string, broke: (p: ListingPair & { psnr: number }) => boolean): Check => {
    const offenders = pairs.filter(broke).map((p) => p.name);
    return { label, pass: offenders.length === 0, measured: `${offenders.length} of ${pairs.length}`, offenders };
  };
  return [
    perPhoto(
      `median luma within ±${t.medianLumaChangeMax} of the input`,
      (p) => Math.abs(p.output.medianLuma - p.input.medianLuma) > t.medianLumaChangeMax,
    ),
    perPhoto('cast not raised', (p) => p.input.cast !== null && p.output.cast !== null && p.output.cast > p.input.cast),
    perPhoto(`PSNR against the input >= ${t.psnrMinDb} dB`, (p) => p.psnr < t.psnrMinDb),
  ];
};
