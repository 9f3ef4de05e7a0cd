import { LUMA_B, LUMA_G, LUMA_R } from '../color';
import type { RgbImage } from '../rgb-image';
import { applyLut, type Lut3d, lutAt } from '../lut3d';
import { smoothAtHalfSize, toChannels } from './denoise';

/** Pre-lift smoothing: guided filters with `eps` (0..1 luma, squared) over about `radius` full-size pixels. */
export interface Dequantize {
  radius: number;
  eps: number;
}

/**
 * The LUT applied to a smoothed, unquantised copy of the pixels. A photo lifted by four or more stops was taken
 * with most of its pixels on a few dark codes: one code is a step of 20-60 levels after the lift, and the 8x8 blocks
 * of its JPEG, a code or two apart, become the blocky "night-vision" look. Filtering after the lift cannot tell those
 * steps from edges; before it they are at the level of the quantisation, and the guided filters flatten them while
 * edges of several codes stay. The filtered values are looked up between the LUT's codes, never rounded to them.
 */
const applyLutSmoothed = (image: RgbImage, lut: Lut3d, { radius, eps }: Dequantize) => {
  const { width, height, data } = image;
  const n = width * height;
  const channels = toChannels(image);
  // The blocks are 8 pixels: filtered at half size (half the radius); at full size the same filters took 3.5 s and
  // 430 MB more at 8 MP for a result that looks alike.
  smoothAtHalfSize(channels, width, height, Math.max(1, radius >> 1), eps);
  const { luma, cb, cr } = channels;
  const out = new Float32Array(3);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    const y = luma[p];
    const blue = y + cb[p];
    const red = y + cr[p];
    lutAt(lut, red, (y - LUMA_R * red - LUMA_B * blue) / LUMA_G, blue, out);
    data[i] = out[0] + 0.5;
    data[i + 1] = out[1] + 0.5;
    data[i + 2] = out[2] + 0.5;
  }
};

/**
 * The learned style's colour and tone at full resolution, in place: the model's finished LUT, looked up on smoothed
 * pixels when the photo is lifted so far that its JPEG blocks would show (`dequantize`).
 */
export const applyLearnedColour = (image: RgbImage, lut: Lut3d, dequantize: Dequantize | null): void => {
  if (dequantize) applyLutSmoothed(image, lut, dequantize);
  else applyLut(image, lut);
};
