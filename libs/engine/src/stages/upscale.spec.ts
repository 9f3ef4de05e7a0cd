import sharp from 'sharp';
import { png, rawRgb } from '../../test/fixtures/enhancement-images';
import { enhance } from '../enhance';

describe('output size', () => {
  const photo = rawRgb(320, 240, (x, y) => [80 + (x % 50), 90 + (y % 40), 100]);

  it('keeps the input size by default', async () => {
    const { image, report } = await enhance(await png(photo), { engine: 'classic' });
    expect(await sharp(image).metadata()).toMatchObject({ width: 320, height: 240 });
    expect(report.corrections.upscale).toEqual({ applied: false, scale: 1 });
  });

  it('enlarges a small photo to the requested long side, keeping its aspect', async () => {
    const { image, preview, report } = await enhance(await png(photo), { engine: 'classic', minLongSide: 2048 });
    expect(await sharp(image).metadata()).toMatchObject({ width: 2048, height: 1536 });
    expect(await sharp(preview).metadata()).toMatchObject({ width: 1600, height: 1200 });
    expect(report.output).toMatchObject({ width: 2048, height: 1536 });
    expect(report.input).toMatchObject({ width: 320, height: 240 });
    expect(report.corrections.upscale?.applied).toBe(true);
  });

  it('never shrinks a photo already above the requested size', async () => {
    const { image } = await enhance(await png(photo), { engine: 'classic', minLongSide: 200 });
    expect(await sharp(image).metadata()).toMatchObject({ width: 320, height: 240 });
  });
});
