import sharp from 'sharp';
import { readExposure } from './read-exposure';

/** A small JPEG as a phone writes one, with the EXIF tags given (sharp writes them as strings, as exiftool would). */
const jpeg = (exif: Record<string, Record<string, string>> = {}) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 120, g: 110, b: 100 } } })
    .jpeg()
    .withExif(exif)
    .toBuffer();

describe('reading a frame’s exposure in the browser', () => {
  it('reads camera, capture time to the millisecond, exposure time, f-number and ISO from a picked file', async () => {
    const bytes = await jpeg({
      IFD0: { Make: 'Google', Model: 'Pixel 8' },
      IFD2: {
        DateTimeOriginal: '2025:06:01 10:00:01',
        SubSecTimeOriginal: '250',
        ExposureTime: '1/60',
        FNumber: '17/10',
        ISOSpeedRatings: '100',
      },
    });
    const later = await jpeg({ IFD2: { DateTimeOriginal: '2025:06:01 10:00:02', SubSecTimeOriginal: '05' } });

    const exposure = await readExposure(new File([bytes], 'frame.jpg', { type: 'image/jpeg' }));
    expect(exposure).toEqual({
      camera: 'Google Pixel 8',
      capturedAt: expect.any(Number),
      exposureTime: 1 / 60,
      fNumber: 1.7,
      iso: 100,
    });
    // Sub-seconds count: 0.05 s after the next whole second is 800 ms after 01.250.
    const next = await readExposure(new File([later], 'next.jpg', { type: 'image/jpeg' }));
    expect(next.capturedAt! - exposure.capturedAt!).toBe(800);
  });

  it('gives nothing for a file without EXIF or one it cannot read', async () => {
    expect(await readExposure(new File([await jpeg()], 'export.jpg', { type: 'image/jpeg' }))).toEqual({});
    expect(await readExposure(new File(['not an image'], 'notes.jpg', { type: 'image/jpeg' }))).toEqual({});
  });
});
