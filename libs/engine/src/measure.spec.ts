import sharp from 'sharp';
import { noise, rawRgb } from '../test/fixtures/enhancement-images';
import { measureJpegBlocks } from './measure';

const measureFlatBlocks = (image: Parameters<typeof measureJpegBlocks>[0]) => measureJpegBlocks(image).flatShare;
const measureBlockiness = (image: Parameters<typeof measureJpegBlocks>[0]) => measureJpegBlocks(image).blockiness;

const decode = async (encoded: Buffer) => {
  const { data, info } = await sharp(encoded).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
};

describe('JPEG blocks coded flat', () => {
  // A dim wall with soft shading and fine grain (values 8-42), the way a phone records a room at night.
  const random = noise(9);
  const wall = rawRgb(256, 192, (x, y) => {
    const v = 25 + 8 * Math.sin(x / 20) + 6 * Math.cos(y / 15) + random() * 6;
    return [v + 2, v, v - 2];
  });
  const encode = (quality: number) =>
    sharp(wall.data, { raw: { width: 256, height: 192, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();

  it('reads most blocks of a heavily compressed dark JPEG as flat, and none of the same pixels unencoded', async () => {
    expect(measureFlatBlocks({ ...wall, data: new Uint8Array(wall.data) })).toBeLessThan(0.05);
    expect(measureFlatBlocks(await decode(await encode(15)))).toBeGreaterThan(0.5);
  });

  it('finds the 8x8 grid wherever it lies: a crop by a few pixels reads as the whole does', async () => {
    const whole = await decode(await encode(15));
    const cropped = await decode(
      await sharp(whole.data, { raw: { width: 256, height: 192, channels: 3 } })
        .extract({ left: 3, top: 5, width: 240, height: 180 })
        .png()
        .toBuffer(),
    );
    expect(Math.abs(measureFlatBlocks(cropped) - measureFlatBlocks(whole))).toBeLessThan(0.1);
  });

  it('leaves all-black blocks out of the count: only the blocks with something in them are judged', () => {
    const black = rawRgb(64, 64, (x, y) => (x < 8 && y < 8 ? [30, 30, 30] : [0, 0, 0]));
    expect(measureFlatBlocks({ ...black, data: new Uint8Array(black.data) })).toBe(1);
    const grain = noise(4);
    const mixed = rawRgb(64, 64, (x) => (x < 32 ? [0, 0, 0] : [60 + grain() * 20, 60, 60]));
    expect(measureFlatBlocks({ ...mixed, data: new Uint8Array(mixed.data) })).toBeLessThan(0.1);
  });
});

describe('JPEG blockiness', () => {
  const random = noise(13);
  const wall = rawRgb(256, 192, (x, y) => {
    const v = 25 + 8 * Math.sin(x / 20) + 6 * Math.cos(y / 15) + random() * 6;
    return [v + 2, v, v - 2];
  });

  it('reads the 8x8 grid of a compressed JPEG, and none in the same pixels unencoded', async () => {
    expect(measureBlockiness({ ...wall, data: new Uint8Array(wall.data) })).toBeLessThan(1.1);
    const jpeg = await sharp(wall.data, { raw: { width: 256, height: 192, channels: 3 } })
      .jpeg({ quality: 50 })
      .toBuffer();
    expect(measureBlockiness(await decode(jpeg))).toBeGreaterThan(1.3);
  });
});
