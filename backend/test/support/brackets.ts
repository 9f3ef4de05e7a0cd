import sharp from 'sharp';

const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const toSrgb = (v: number) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

export interface BracketOptions {
  /** Exposure of each frame in stops from the photo's own (0 is the photo as it is). */
  evs: number[];
  /** Size of every frame; the photo is cropped to it. Default 1050 x 700 (over Airbnb's 1024 x 683). */
  width?: number;
  height?: number;
  /** A handheld phone's drift: frame i is cut `shiftPx * i` pixels right and down of the first. Default 2. */
  shiftPx?: number;
}

/**
 * Frames of a real room photo at several exposures, as a phone's auto bracket writes them: the scene is taken to
 * linear light, scaled by 2^ev, clipped at white and encoded again, so the bright frames blow the window and the dark
 * ones crush the room, each cut a couple of pixels off the one before. JPEGs at quality 90.
 */
export async function bracketFrames(photo: Buffer, options: BracketOptions): Promise<Buffer[]> {
  const { evs, width = 1050, height = 700, shiftPx = 2 } = options;
  const margin = shiftPx * evs.length;
  const { data, info } = await sharp(photo)
    .resize(width + margin, height + margin, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const linear = Float32Array.from(data, (v) => toLinear(v / 255));
  return Promise.all(
    evs.map((ev, i) => {
      const gain = 2 ** ev;
      const frame = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const from = ((y + i * shiftPx) * info.width + x + i * shiftPx) * 3;
          const to = (y * width + x) * 3;
          for (let c = 0; c < 3; c++) {
            frame[to + c] = Math.round(255 * toSrgb(Math.min(1, linear[from + c] * gain)));
          }
        }
      }
      return sharp(frame, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer();
    }),
  );
}
