import { boxFilter } from '../box-filter';
import { LUMA_B, LUMA_G, LUMA_R, clamp, ramp } from '../color';
import { measureHalfSizeNoise, measureNoise, sampledExposureEv } from '../measure';
import type { RgbImage } from '../rgb-image';
import { stage } from '../stage';

/**
 * Luma noise (Immerkaer sigma, 8-bit levels, measured on the flattest 60 % of the toned photo) above which grain is
 * visible in flat walls and ceilings at full size. Clean phone and camera JPEGs measure 0.3-1 here after toning;
 * at 2 levels the grain of a lifted dark photo starts to show, so below it nothing is done.
 */
export const DENOISE_THRESHOLD = 2;
/** Noise at which the filter reaches full strength (1.5 times the threshold): lifted low-light grain is coarse. */
const FULL_STRENGTH_AT = 1.5 * DENOISE_THRESHOLD;

export interface DenoisePlan {
  applied: boolean;
  /** 0..1: share of the filtered result blended in. */
  strength: number;
  /** Measured luma noise (8-bit levels) that the filter is tuned to. */
  sigma: number;
  /**
   * Coarse grain (8-bit levels): the luma noise measured at half size (`measureHalfSizeNoise`) beyond what the
   * full-size noise leaves there (white noise reads half as strong at half size). It is the blotchy grain of a phone
   * shot lifted by several stops, correlated over several pixels, which the full-size measure under-reads; the
   * coarse pass runs only when it is above the threshold, tuned to it.
   */
  coarseSigma: number;
  /**
   * Multiple of sigma below which local variation is taken for noise (the guided filter's eps is its square): 2 on
   * a photo the stages barely brightened, up to 4 on one lifted by 3 EV or more.
   */
  edgeFactor: number;
}

/**
 * Lift (EV, log-average after the tone stages minus before) from which the filter treats more variation as noise,
 * and at which it reaches the largest factor. A photo lifted by several stops carries its sensor's and its 8-bit
 * quantisation's noise multiplied: coarse speckle that the measurement on the flattest pixels under-reads (lowlight
 * photos lifted 3.5-4.5 EV kept visible noise with a lower factor), while a normally exposed photo's texture is
 * detail the FiveK experts keep.
 */
const LIFT_FROM = 1;
const LIFT_FULL = 3;
const EDGE_FACTOR = 2;
const EDGE_FACTOR_LIFTED = 4;

/**
 * The part of the half-size noise (`halfSizeSigma`) that the full-size noise does not explain: white noise of sigma
 * reads sigma / 2 at half size, so only grain correlated over several pixels remains. On the paired low-light
 * photos (LOL) the half-size noise is 0.5-0.6 of the full-size one, mostly fine sensor noise; on lifted phone shots
 * it is 1.4-1.5 times it.
 */
const coarseGrain = (sigma: number, halfSizeSigma: number): number =>
  Math.sqrt(Math.max(0, halfSizeSigma ** 2 - (sigma / 2) ** 2));

/**
 * No denoising on clean photos; above the threshold the strength grows with the measured noise (the stronger of the
 * full-size noise and the coarse grain: what a viewer sees), and the share of local variation treated as noise
 * with the exposure lift the photo received (`liftEv`). `halfSizeSigma` is the noise measured at half size.
 */
export const planDenoise = (sigma: number, liftEv = 0, halfSizeSigma = 0): DenoisePlan => {
  const coarseSigma = coarseGrain(sigma, halfSizeSigma);
  const grain = Math.max(sigma, coarseSigma);
  if (!(grain > DENOISE_THRESHOLD)) return { applied: false, strength: 0, sigma, coarseSigma, edgeFactor: 0 };
  const strength = clamp(0.5 + (0.5 * (grain - DENOISE_THRESHOLD)) / (FULL_STRENGTH_AT - DENOISE_THRESHOLD), 0.5, 1);
  const lifted = ramp(liftEv, LIFT_FROM, LIFT_FULL);
  return {
    applied: true,
    strength,
    sigma,
    coarseSigma,
    edgeFactor: EDGE_FACTOR + lifted * (EDGE_FACTOR_LIFTED - EDGE_FACTOR),
  };
};

/**
 * The coarse pass runs where the coarse grain is visible and stronger than the fine noise: there the full-size
 * filter, whose eps follows the fine noise, leaves it. Where fine noise dominates (the paired low-light set: coarse
 * grain 0.5-0.9 of it) its wider eps already flattens what grain there is at half size, and a coarse pass would
 * only take texture.
 */
const coarsePass = (plan: DenoisePlan): boolean =>
  plan.coarseSigma > DENOISE_THRESHOLD && plan.coarseSigma > plan.sigma;

/** Luma and colour differences (B - Y, R - Y) of an image, 0..1 floats. */
export interface Channels {
  luma: Float32Array;
  cb: Float32Array;
  cr: Float32Array;
}

/**
 * Guided filters on luma, chroma (B - Y, R - Y): luma is self-guided with eps, so windows whose variance is at the
 * noise level are flattened while edges and texture well above it are kept; chroma is filtered over a wider window
 * guided by luma, so colour blotches go but colour edges stay where luma edges are. Returns new channels.
 */
const guidedSmooth = (
  { luma, cb, cr }: Channels,
  width: number,
  height: number,
  radius: number,
  eps: number,
): Channels => {
  const n = width * height;
  const square = new Float32Array(n);
  for (let p = 0; p < n; p++) square[p] = luma[p] * luma[p];
  const meanY = boxFilter(luma, width, height, radius);
  const meanYY = boxFilter(square, width, height, radius);
  const a = square; // reused: a, then b, per pixel
  const b = meanYY;
  for (let p = 0; p < n; p++) {
    const variance = Math.max(0, meanYY[p] - meanY[p] * meanY[p]);
    a[p] = variance / (variance + eps);
    b[p] = meanY[p] * (1 - a[p]);
  }
  const meanA = boxFilter(a, width, height, radius);
  const meanB = boxFilter(b, width, height, radius);
  const smoothY = meanA; // reused
  for (let p = 0; p < n; p++) smoothY[p] = meanA[p] * luma[p] + meanB[p];

  const chromaRadius = 2 * radius + 1;
  const meanYc = boxFilter(luma, width, height, chromaRadius);
  const lumaSquare = meanB; // reused
  for (let p = 0; p < n; p++) lumaSquare[p] = luma[p] * luma[p];
  const varY = boxFilter(lumaSquare, width, height, chromaRadius);
  for (let p = 0; p < n; p++) varY[p] = Math.max(0, varY[p] - meanYc[p] * meanYc[p]);
  const chromaEps = eps * 4;
  const filterChroma = (channel: Float32Array): Float32Array => {
    const product = new Float32Array(n);
    for (let p = 0; p < n; p++) product[p] = luma[p] * channel[p];
    const meanC = boxFilter(channel, width, height, chromaRadius);
    const meanYC = boxFilter(product, width, height, chromaRadius);
    for (let p = 0; p < n; p++) {
      const ac = (meanYC[p] - meanYc[p] * meanC[p]) / (varY[p] + chromaEps);
      product[p] = ac;
      meanC[p] = meanC[p] - ac * meanYc[p];
    }
    const meanAc = boxFilter(product, width, height, chromaRadius);
    const meanBc = boxFilter(meanC, width, height, chromaRadius);
    for (let p = 0; p < n; p++) meanAc[p] = meanAc[p] * luma[p] + meanBc[p];
    return meanAc;
  };
  return { luma: smoothY, cb: filterChroma(cb), cr: filterChroma(cr) };
};

/** 2x2 block means (the last odd row or column dropped). */
const halve = (channel: Float32Array, width: number, height: number): Float32Array => {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const top = 2 * y * width;
    const bottom = top + width;
    for (let x = 0; x < w; x++)
      out[y * w + x] =
        (channel[top + 2 * x] + channel[top + 2 * x + 1] + channel[bottom + 2 * x] + channel[bottom + 2 * x + 1]) / 4;
  }
  return out;
};

/** Adds `delta` (a half-size field) to `channel`, bilinearly interpolated at each full-size pixel's centre. */
const addEnlarged = (channel: Float32Array, width: number, height: number, delta: Float32Array) => {
  const w = width >> 1;
  const h = height >> 1;
  for (let y = 0; y < height; y++) {
    const gy = clamp((y + 0.5) / 2 - 0.5, 0, h - 1);
    const y0 = Math.min(Math.floor(gy), Math.max(0, h - 2));
    const y1 = Math.min(y0 + 1, h - 1);
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const gx = clamp((x + 0.5) / 2 - 0.5, 0, w - 1);
      const x0 = Math.min(Math.floor(gx), Math.max(0, w - 2));
      const x1 = Math.min(x0 + 1, w - 1);
      const fx = gx - x0;
      const top = delta[y0 * w + x0] + (delta[y0 * w + x1] - delta[y0 * w + x0]) * fx;
      const bottom = delta[y1 * w + x0] + (delta[y1 * w + x1] - delta[y1 * w + x0]) * fx;
      channel[y * width + x] += top + (bottom - top) * fy;
    }
  }
};

/** An image's luma and colour differences as 0..1 floats. */
export const toChannels = ({ width, height, data }: RgbImage): Channels => {
  const n = width * height;
  const channels: Channels = { luma: new Float32Array(n), cb: new Float32Array(n), cr: new Float32Array(n) };
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    const y = (LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2]) / 255;
    channels.luma[p] = y;
    channels.cb[p] = data[i + 2] / 255 - y;
    channels.cr[p] = data[i] / 255 - y;
  }
  return channels;
};

/**
 * The guided filters run on the channels at half size (`radius` in half-size pixels), and what they removed is added
 * back at full size, in place: structure of several pixels (coarse grain, 8x8 JPEG blocks) at a quarter of the time
 * and memory of filtering the full-size floats.
 */
export const smoothAtHalfSize = (channels: Channels, width: number, height: number, radius: number, eps: number) => {
  const half: Channels = {
    luma: halve(channels.luma, width, height),
    cb: halve(channels.cb, width, height),
    cr: halve(channels.cr, width, height),
  };
  const smooth = guidedSmooth(half, width >> 1, height >> 1, radius, eps);
  for (const key of ['luma', 'cb', 'cr'] as const) {
    const delta = smooth[key];
    for (let p = 0; p < delta.length; p++) delta[p] -= half[key][p];
    addEnlarged(channels[key], width, height, delta);
  }
};

/**
 * Edge-preserving noise reduction with guided filters, tuned by the measured noise, in two scales. The coarse pass
 * filters the photo at half size, eps from the half-size noise, and adds what it removed back at full size: the
 * blotchy grain of a phone shot lifted by several stops is correlated over 2-6 pixels, wider than the full-size
 * window, and is what a gallery view at screen size shows. The fine pass then filters the full-size pixels, eps
 * from the full-size noise. The result is blended in by `strength`. In place.
 */
export const denoise = (image: RgbImage, plan: DenoisePlan): void => {
  if (!plan.applied) return;
  const { width, height, data } = image;
  const n = width * height;
  const original = toChannels(image);
  const side = Math.max(width, height);
  // Phone grain is correlated over 2-3 pixels (demosaicing, in-camera processing): a 5x5 window at least.
  const radius = side > 2500 ? 3 : 2;
  const epsFor = (sigma: number) => ((plan.edgeFactor * sigma) / 255) ** 2;

  let channels = original;
  if (coarsePass(plan) && width >= 16 && height >= 16) {
    channels = { luma: original.luma.slice(), cb: original.cb.slice(), cr: original.cr.slice() };
    smoothAtHalfSize(channels, width, height, radius, epsFor(plan.coarseSigma));
  }
  const smooth = guidedSmooth(channels, width, height, radius, epsFor(plan.sigma));

  const s = plan.strength;
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    const y = original.luma[p] + s * (smooth.luma[p] - original.luma[p]);
    const blue = y + original.cb[p] + s * (smooth.cb[p] - original.cb[p]);
    const red = y + original.cr[p] + s * (smooth.cr[p] - original.cr[p]);
    const green = (y - LUMA_R * red - LUMA_B * blue) / LUMA_G;
    data[i] = Math.round(clamp(red, 0, 1) * 255);
    data[i + 1] = Math.round(clamp(green, 0, 1) * 255);
    data[i + 2] = Math.round(clamp(blue, 0, 1) * 255);
  }
};

/** Exposure lift (EV) from which a noisy result is denoised. */
const DENOISE_MIN_LIFT_EV = 1;

/**
 * Edge-aware luma and chroma denoise, only on a photo the engine lifted by at least DENOISE_MIN_LIFT_EV and whose
 * result measures noisy at full or at half size: on a photo left near its exposure, "noise" on the flattest pixels
 * is texture the FiveK experts keep. The lift and the half-size noise are only measured when the
 * full-size noise is above half the threshold: clean photos pay nothing.
 */
export const denoiseStage = stage<DenoisePlan & { left: number }>({
  name: 'denoise',
  plan: ({ image, before }) => {
    const noise = measureNoise(image);
    const halfSize = noise > DENOISE_THRESHOLD / 2 ? measureHalfSizeNoise(image) : 0;
    const measured = planDenoise(noise, 0, halfSize);
    const lift = measured.applied ? sampledExposureEv(image) - before.exposureEv : 0;
    const plan =
      lift >= DENOISE_MIN_LIFT_EV
        ? planDenoise(noise, lift, halfSize)
        : { ...measured, applied: false, strength: 0, edgeFactor: 0 };
    return { ...plan, left: noise };
  },
  apply: ({ image }, plan) => {
    denoise(image, plan);
    if (plan.applied) plan.left = measureNoise(image);
  },
  report: (plan) => ({
    denoise: {
      applied: plan.applied,
      strength: plan.strength,
      noise: plan.sigma,
      coarseNoise: plan.coarseSigma,
      edgeFactor: plan.edgeFactor,
    },
  }),
});
