import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { hugePngHeader, noise, rawRgb } from '../test/fixtures/enhancement-images';
import { keepingGainMap, ULTRA_HDR_PHOTO } from '../test/fixtures/ultra-hdr';
import { decodePhoto, MAX_WORKING_PIXELS } from './decode';
import { enhance } from './enhance';
import { EnhancementError } from './errors';

const expectRefusal = async (input: Buffer | string, code: string) => {
  const attempt = enhance(input, { engine: 'classic' });
  await expect(attempt).rejects.toBeInstanceOf(EnhancementError);
  await expect(attempt).rejects.toMatchObject({ code, message: expect.stringMatching(/\w/) });
};

describe('input handling', () => {
  it('honours EXIF orientation 6 and strips EXIF, GPS and XMP from every output', async () => {
    // Left half red, right half blue; orientation 6 means "rotate 90 degrees clockwise to display".
    const pixels = rawRgb(60, 30, (x) => (x < 30 ? [200, 40, 40] : [40, 40, 200]));
    const tagged = await sharp(pixels.data, { raw: { width: 60, height: 30, channels: 3 } })
      .withExif({
        IFD0: { Make: 'Phone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 3/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 95 })
      .toBuffer();
    const input = await sharp(tagged).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.toString('latin1')).toContain('Phone');

    const { image, preview, thumbnail, report } = await enhance(tagged, { engine: 'classic' });
    const meta = await sharp(image).metadata();
    expect([meta.width, meta.height]).toEqual([30, 60]);
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeDefined();
    expect(meta.chromaSubsampling).toBe('4:4:4');
    for (const small of [preview, thumbnail]) {
      const smallMeta = await sharp(small).metadata();
      expect(smallMeta.format).toBe('webp');
      expect(smallMeta.exif).toBeUndefined();
    }
    const { data } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(data[2]); // the red half is now on top
    expect(report.input.orientation).toBe(6);
  });

  it('keeps the full resolution and sizes the preview and thumbnail', async () => {
    const random = noise(3);
    const photo = rawRgb(2000, 1000, (x, y) => {
      const v = 60 + ((x + y) % 120) + random() * 10;
      return [v, v * 0.9, v * 0.8];
    });
    const input = await sharp(photo.data, { raw: { width: 2000, height: 1000, channels: 3 } })
      .jpeg()
      .toBuffer();
    const { image, preview, thumbnail, report } = await enhance(input, { engine: 'classic' });
    expect(await sharp(image).metadata()).toMatchObject({ width: 2000, height: 1000 });
    expect(await sharp(preview).metadata()).toMatchObject({ width: 1600, height: 800 });
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 400, height: 200 });
    expect(report.engineVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(report.timingsMs.total).toBeGreaterThan(0);
    expect(report.before.noise).toBeGreaterThan(0);
  });

  describe('bad input', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'enhance-'));
    });

    it('refuses an empty buffer', () => expectRefusal(Buffer.alloc(0), 'IMAGE_EMPTY'));

    it('refuses a zero-byte file', async () => {
      const file = path.join(dir, 'empty.jpg');
      await writeFile(file, Buffer.alloc(0));
      await expectRefusal(file, 'IMAGE_EMPTY');
    });

    it('refuses a missing file', () => expectRefusal(path.join(dir, 'missing.jpg'), 'IMAGE_UNREADABLE'));

    it('refuses a non-image', () =>
      expectRefusal(Buffer.from('this is not a photo, just text\n'.repeat(20)), 'IMAGE_UNREADABLE'));

    it('refuses a truncated JPEG', async () => {
      const random = noise(11);
      const photo = rawRgb(256, 256, () => [128 + random() * 200, 128 + random() * 200, 128 + random() * 200]);
      const jpeg = await sharp(photo.data, { raw: { width: 256, height: 256, channels: 3 } })
        .jpeg()
        .toBuffer();
      await expectRefusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'IMAGE_TRUNCATED');
    });

    it('refuses more than 100 megapixels before decoding', () =>
      expectRefusal(hugePngHeader(12_000, 9_000), 'IMAGE_TOO_LARGE'));

    it('refuses formats it does not handle', async () => {
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
        .gif()
        .toBuffer();
      await expectRefusal(gif, 'IMAGE_UNSUPPORTED');
    });
  });
});

describe('memory per photo', () => {
  it('works on at most MAX_WORKING_PIXELS, reducing a larger photo while decoding, upright', async () => {
    // 99.8 MP that compress to a few hundred KB: within the upload cap, far beyond what one photo may hold.
    const huge = await sharp({ create: { width: 11_540, height: 8_650, channels: 3, background: '#c8beb4' } })
      .withMetadata({ orientation: 6 })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const decoded = await decodePhoto(huge);
    expect(decoded.image.width * decoded.image.height).toBeLessThanOrEqual(MAX_WORKING_PIXELS);
    expect(decoded.image.width * decoded.image.height).toBeGreaterThan(0.98 * MAX_WORKING_PIXELS);
    // Orientation 6 turns it a quarter: upright it is portrait, like its reduced copy.
    expect(decoded.reducedFrom).toEqual({ width: 8_650, height: 11_540 });
    expect(decoded.image.height).toBeGreaterThan(decoded.image.width);
    expect(decoded.image.data.length).toBe(decoded.image.width * decoded.image.height * 3);
  });

  it('leaves a photo within the bound at its own size', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const decoded = await decodePhoto(photo);
    expect([decoded.image.width, decoded.image.height]).toEqual([800, 600]);
    expect(decoded.reducedFrom).toBeUndefined();
  });
});

describe('gain map', () => {
  const ultraHdr = readFileSync(ULTRA_HDR_PHOTO);

  it('attaches an Ultra HDR photo gain map, turned upright as sharp turns it for each EXIF orientation', async () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      const tagged = await keepingGainMap(ultraHdr).withMetadata({ orientation }).jpeg().toBuffer();
      const { image, gainMap } = await decodePhoto(tagged);
      // sharp's own upright copy of the map: what keepGainMap writes next to an autoOriented photo.
      const turned = await keepingGainMap(tagged).autoOrient().jpeg({ quality: 95 }).toBuffer();
      const reference = await sharp((await sharp(turned).metadata()).gainMap?.image)
        .toColourspace('b-w')
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(gainMap).toMatchObject({ width: reference.info.width, height: reference.info.height, channels: 1 });
      expect(gainMap!.width / gainMap!.height).toBeCloseTo(image.width / image.height, 1);
      let difference = 0;
      for (let i = 0; i < reference.data.length; i++) difference += Math.abs(gainMap!.data[i] - reference.data[i]);
      expect(difference / reference.data.length).toBeLessThan(1); // re-encoding only; a wrong turn differs by tens
    }
  });
});
