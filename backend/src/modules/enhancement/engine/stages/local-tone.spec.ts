import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeRaw } from '../../../../../test/fixtures/enhancement-images';
import { fitLut } from '../lut3d';
import { type RgbImage, resizeExact } from '../rgb-image';
import { COLOUR_ONLY, applyLocalTone } from './local-tone';

const BEDROOM = path.join(__dirname, '../../../../../test/fixtures/photos/bedroom-usa-raashi-saxena.jpg');

const copyOf = (image: RgbImage): RgbImage => ({ ...image, data: image.data.slice() });

describe('the fused colour pass', () => {
  it('renders a colour-only plan exactly as the full local pass renders it, without building the base layer', async () => {
    const photo = await decodeRaw(readFileSync(BEDROOM));
    // A warm, brighter rendering with lifted shadows, as a model might return: fitted as a LUT like the model's.
    const rendered = copyOf(photo);
    for (let i = 0; i < rendered.data.length; i += 3) {
      const lift = (v: number) => 255 * Math.sqrt(v / 255);
      rendered.data[i] = Math.min(255, lift(photo.data[i]) * 1.04);
      rendered.data[i + 1] = lift(photo.data[i + 1]);
      rendered.data[i + 2] = lift(photo.data[i + 2]) * 0.92;
    }
    const lut = fitLut(photo, rendered);
    const guide = await resizeExact(photo, 384, 288);

    const shortcut = copyOf(photo);
    applyLocalTone(shortcut, null, COLOUR_ONLY, lut, guide);
    // A lift too small to change any pixel, so the plan is no longer colour-only and takes the whole pass.
    const full = copyOf(photo);
    applyLocalTone(full, null, { ...COLOUR_ONLY, shadows: 1e-9 }, lut, guide);

    expect(Buffer.from(shortcut.data).equals(Buffer.from(full.data))).toBe(true);
    // And the colour change itself was applied: the rendering is brighter and warmer than the photo.
    const mean = (image: RgbImage, channel: number) => {
      let sum = 0;
      for (let i = channel; i < image.data.length; i += 3) sum += image.data[i];
      return sum / (image.data.length / 3);
    };
    expect(mean(shortcut, 1)).toBeGreaterThan(mean(photo, 1) + 20);
    expect(mean(shortcut, 0) - mean(shortcut, 2)).toBeGreaterThan(mean(photo, 0) - mean(photo, 2) + 10);
  });
});
