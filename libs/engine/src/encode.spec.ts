import sharp from 'sharp';
import { tagSrgb } from './encode';

const gradient = (width: number, height: number) => {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 3) {
    const x = (i / 3) % width;
    data[i] = (x * 255) / width;
    data[i + 1] = 128;
    data[i + 2] = 255 - (x * 255) / width;
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
};

describe('tagging the delivered JPEG as sRGB', () => {
  it('writes the file libvips writes with withIccProfile("srgb"), without its colour transform', async () => {
    const transformed = await gradient(64, 48).withIccProfile('srgb').jpeg({ quality: 90 }).toBuffer();
    const tagged = await tagSrgb(await gradient(64, 48).jpeg({ quality: 90 }).toBuffer());
    const meta = await sharp(tagged).metadata();
    expect(meta.hasProfile).toBe(true);
    expect(meta.icc?.equals((await sharp(transformed).metadata()).icc as Buffer)).toBe(true);
    expect(tagged.equals(transformed)).toBe(true);
  });

  it('keeps a JFIF header first', async () => {
    const jfif = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, 0xff, 0xd9]);
    const tagged = await tagSrgb(jfif);
    expect(tagged.subarray(0, 8).equals(jfif.subarray(0, 8))).toBe(true);
    expect(tagged.subarray(8, 10).equals(Buffer.from([0xff, 0xe2]))).toBe(true);
    expect(tagged.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
  });
});
