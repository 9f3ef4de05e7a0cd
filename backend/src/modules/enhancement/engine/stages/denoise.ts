import { boxFilter } from '../box-filter';
import { LUMA_B, LUMA_G, LUMA_R, clamp, ramp } from '../color';
import type { RgbImage } from '../rgb-image';

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
   * Multiple of sigma below which local variation is taken for noise (the guided filter's eps is its square): 2 on
   * a photo the stages barely brightened, up to 4 on one lifted by 3 EV or more.
   */
  edgeFactor: number;
}

/**
 * Lift (EV, log-average after the tone stages minus before) from which the filter treats more variation as noise,
 * and at which it reaches the largest factor. A photo lifted by several stops carries its sensor's and its 8-bit
 * quantisation's noise multiplied: coarse speckle that the measurement on the flattest pixels under-reads (lowlight
 * `147` and `744`, lifted 3.5-4.5 EV, kept noise 2.0-2.3 with the factor 2), while a normally exposed photo's
 * texture is detail the FiveK experts keep (factor 3 on a4582, lifted 0.3 EV: -0.2 dB).
 */
const LIFT_FROM = 1;
const LIFT_FULL = 3;
const EDGE_FACTOR = 2;
const EDGE_FACTOR_LIFTED = 4;

/**
 * No denoising on clean photos; above the threshold the strength grows with the measured noise, and the share of
 * local variation treated as noise with the exposure lift the photo received (`liftEv`).
 */
export const planDenoise = (sigma: number, liftEv = 0): DenoisePlan => {
  if (!(sigma > DENOISE_THRESHOLD)) return { applied: false, strength: 0, sigma, edgeFactor: 0 };
  const strength = clamp(0.5 + (0.5 * (sigma - DENOISE_THRESHOLD)) / (FULL_STRENGTH_AT - DENOISE_THRESHOLD), 0.5, 1);
  const lifted = ramp(liftEv, LIFT_FROM, LIFT_FULL);
  return { applied: true, strength, sigma, edgeFactor: EDGE_FACTOR + lifted * (EDGE_FACTOR_LIFTED - EDGE_FACTOR) };
};

/**
 * Edge-preserving noise reduction with guided filters, tuned by the measured noise: luma is self-guided with
 * eps = (edgeFactor sigma)^2, so windows whose variance is at the noise level are flattened while edges and texture
 * well above it are kept; chroma (B - Y, R - Y) is filtered over a wider window guided by luma, so colour blotches go
 * but colour edges stay where luma edges are. The result is blended in by `strength`. In place.
 */
export const denoise = (image: RgbImage, plan: DenoisePlan): void => {
  if (!plan.applied) return;
  const { width, height, data } = image;
  const n = width * height;
  const luma = new Float32Array(n);
  const cb = new Float32Array(n);
  const cr = new Float32Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    const y = (LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2]) / 255;
    luma[p] = y;
    cb[p] = data[i + 2] / 255 - y;
    cr[p] = data[i] / 255 - y;
  }
  const side = Math.max(width, height);
  // Phone grain is correlated over 2-3 pixels (demosaicing, in-camera processing): a 5x5 window at least.
  const radius = side > 2500 ? 3 : 2;
  const eps = ((plan.edgeFactor * plan.sigma) / 255) ** 2;

  // Luma: self-guided filter.
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

  // Chroma: luma-guided filter over a wider window (chroma noise is coarser and the eye is less sharp for it).
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
  const smoothCb = filterChroma(cb);
  const smoothCr = filterChroma(cr);

  const s = plan.strength;
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    const y = luma[p] + s * (smoothY[p] - luma[p]);
    const blue = y + cb[p] + s * (smoothCb[p] - cb[p]);
    const red = y + cr[p] + s * (smoothCr[p] - cr[p]);
    const green = (y - LUMA_R * red - LUMA_B * blue) / LUMA_G;
    data[i] = Math.round(clamp(red, 0, 1) * 255);
    data[i + 1] = Math.round(clamp(green, 0, 1) * 255);
    data[i + 2] = Math.round(clamp(blue, 0, 1) * 255);
  }
};
