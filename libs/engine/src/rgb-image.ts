import sharp from 'sharp';

/** An 8-bit sRGB image, 3 interleaved channels, no alpha. The engine's only full-size pixel buffer. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export const longSide = (image: { width: number; height: number }): number => Math.max(image.width, image.height);

export const rawInput = (image: RgbImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });

/** A reduced copy whose long side is at most `maxSide` (never enlarged), for measuring and the model. */
export const downscale = async (image: RgbImage, maxSide: number): Promise<RgbImage> => {
  if (longSide(image) <= maxSide) return { width: image.width, height: image.height, data: image.data.slice() };
  const { data, info } = await rawInput(image)
    .resize({ width: maxSide, height: maxSide, fit: 'inside', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};

/** A copy resized to exactly `width` x `height` (aspect not kept): for the model, whose change is fitted per colour. */
export const resizeExact = async (image: RgbImage, width: number, height: number): Promise<RgbImage> => {
  const { data, info } = await rawInput(image)
    .resize({ width, height, fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};
