import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeRaw } from '../../test/fixtures/enhancement-images';
import { FIXTURE_PHOTOS_DIR } from '../../test/fixtures/photos';
import { fitLut } from '../lut3d';
import { type RgbImage, resizeExact } from '../rgb-image';
import { COLOUR_ONLY, applyLocalTone } from './local-tone';

const BEDROOM = path.join(FIXTURE_PHOTOS_DIR, 'bedroom-usa-raashi-saxena.jpg');

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

describe('the fused pass with SIMD', () => {
  /** applyLocalTone as loaded with the SIMD rows missing: the JavaScript loop. */
  const plainLocalTone = (): typeof applyLocalTone => {
    let loaded: typeof applyLocalTone | undefined;
    jest.isolateModules(() => {
      jest.doMock('../local-tone-simd', () => ({
        ...jest.requireActual('../local-tone-simd'),
        simdToneRows: () => null,
      }));
      loaded = (jest.requireActual('./local-tone') as { applyLocalTone: typeof applyLocalTone }).applyLocalTone;
    });
    jest.dontMock('../local-tone-simd');
    return loaded!;
  };

  it.each([
    ['with a guide, darkening a bright photo', true, 0.6],
    ['with a guide', true, 1],
    ['without a guide', false, 1],
  ])('renders the classical plan %s as the plain loop does, within a level', async (_, withGuide, darkening) => {
    const photo = await decodeRaw(readFileSync(BEDROOM));
    const curve = (gamma: number, gain: number) =>
      Uint8Array.from({ length: 256 }, (_, v) => Math.min(255, Math.round(255 * (v / 255) ** gamma * gain)));
    const luts = [curve(0.8, 1.05), curve(0.85, 1), curve(0.9, 0.95)];
    const plan = {
      shadows: 0.3,
      highlights: 0.4,
      detail: 0.3,
      vibrance: 0.35,
      blackPoint: 0.04,
      contrast: 0.2,
      darkening,
    };
    const guide = withGuide ? await resizeExact(photo, 384, 288) : null;
    const simd = copyOf(photo);
    applyLocalTone(simd, luts, plan, null, guide);
    const plain = copyOf(photo);
    plainLocalTone()(plain, luts, plan, null, guide);

    let differing = 0;
    let largest = 0;
    for (let i = 0; i < plain.data.length; i++) {
      const difference = Math.abs(simd.data[i] - plain.data[i]);
      largest = Math.max(largest, difference);
      if (difference) differing++;
    }
    expect(largest).toBeLessThanOrEqual(1);
    expect(differing).toBeLessThan(plain.data.length * 0.001);
    // And the plan did change the photo.
    let changed = 0;
    for (let i = 0; i < photo.data.length; i++) if (photo.data[i] !== plain.data[i]) changed++;
    expect(changed).toBeGreaterThan(photo.data.length / 2);
  });
});
