import { noise, png, rawRgb } from '../../../../test/fixtures/enhancement-images';
import { enhance } from './enhance';
import type { Retoucher } from './types';

/** A stand-in model: applies a known per-pixel change, so the routing and finishing have known answers. */
const fakeModel = (modelName: string, change: (r: number, g: number, b: number) => [number, number, number]) => {
  const calls: string[] = [];
  const retoucher: Retoucher & { calls: string[] } = {
    modelName,
    calls,
    retouch: async ({ width, height, data }) => {
      calls.push(`${width}x${height}`);
      const out = new Uint8Array(data.length);
      for (let i = 0; i < data.length; i += 3) out.set(change(data[i], data[i + 1], data[i + 2]), i);
      return out;
    },
  };
  return retoucher;
};

const clamp8 = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

describe('auto routing and finishing of the learned result', () => {
  const random = noise(5);
  // A well-exposed, neutral room-like scene: grey walls with texture, mid exposure.
  const neutral = rawRgb(300, 200, (x, y) => {
    const v = 90 + ((x * 3 + y * 2) % 90) + random() * 4;
    return [v, v, v];
  });

  it('runs the model at about 192 px, on multiples of 64, and leaves a neutral well-exposed result alone', async () => {
    const model = fakeModel('identity', (r, g, b) => [r, g, b]);
    const { report } = await enhance(await png(neutral), { engine: 'auto', retoucher: model, correctVerticals: false });
    expect(model.calls).toEqual(['192x128']);
    expect(report.pipeline).toBe('learned');
    expect(report.corrections.whiteBalance.applied).toBe(false);
    expect(report.corrections.exposure.applied).toBe(false);
    expect(Math.abs(report.after.meanLuma - report.before.meanLuma)).toBeLessThan(0.03);
  });

  it('pulls a cast the model adds back to the residual ceiling', async () => {
    const model = fakeModel('warming', (r, g, b) => [clamp8(r * 1.12 + 6), g, clamp8(b * 0.8)]);
    const { report } = await enhance(await png(neutral), { engine: 'auto', retoucher: model, correctVerticals: false });
    expect(report.pipeline).toBe('learned');
    expect(report.corrections.learned.residualCast).toBeGreaterThan(8);
    expect(report.corrections.whiteBalance.applied).toBe(true);
    expect(report.after.cast).toBeLessThan(6);
  });

  it('falls back to the classical stages when the model clips highlights', async () => {
    const model = fakeModel('burning', (r, g, b) => [clamp8(r * 1.8), clamp8(g * 1.8), clamp8(b * 1.8)]);
    const { report } = await enhance(await png(neutral), { engine: 'auto', retoucher: model, correctVerticals: false });
    expect(report.pipeline).toBe('classic');
    expect(report.route).toMatch(/clipped highlights/);
  });

  it('sends a very dark photo to the low-light model and a normal one to retouching', async () => {
    const dark = rawRgb(300, 200, (x, y) => {
      const v = 3 + ((x + y) % 12) + random() * 2;
      return [v, v, v];
    });
    const lift = (r: number, g: number, b: number): [number, number, number] =>
      [r * 6, g * 6, b * 6].map(clamp8) as [number, number, number];
    const retouching = fakeModel('retouching', (r, g, b) => [r, g, b]);
    const lowLight = fakeModel('low-light', lift);
    const options = {
      engine: 'auto' as const,
      retoucher: retouching,
      lowLightRetoucher: lowLight,
      correctVerticals: false,
    };
    const darkResult = await enhance(await png(dark), options);
    expect(darkResult.report.before.exposureEv).toBeLessThan(-3);
    expect(darkResult.report.corrections.learned.model).toBe('low-light');
    expect(darkResult.report.after.meanLuma).toBeGreaterThan(darkResult.report.before.meanLuma * 3);
    const normal = await enhance(await png(neutral), options);
    expect(normal.report.corrections.learned.model).toBe('retouching');
    expect(lowLight.calls).toHaveLength(1);
  });

  it('bounds a tint the low-light model puts on a neutral dark scene', async () => {
    // Grey content under 5 % exposure; the stand-in model lifts it and tints it magenta (red and blue up 45 %),
    // beyond what 1 EV of finishing can undo.
    const dark = rawRgb(300, 200, (x, y) => {
      const v = 4 + ((x * 3 + y * 2) % 14) + random() * 2;
      return [v, v, v];
    });
    const tint = (r: number, g: number, b: number): [number, number, number] => [
      clamp8(r * 7 * 1.45),
      clamp8(g * 7),
      clamp8(b * 7 * 1.45),
    ];
    const lowLight = fakeModel('low-light', tint);
    const options = {
      engine: 'auto' as const,
      retoucher: fakeModel('retouching', (r, g, b) => [r, g, b]),
      lowLightRetoucher: lowLight,
      correctVerticals: false,
    };
    const { report } = await enhance(await png(dark), options);
    expect(report.corrections.learned.model).toBe('low-light');
    expect(report.corrections.learned.residualCast).toBeGreaterThan(12);
    expect(report.after.cast).toBeLessThan(5.5);
    // The same tint from the retouching model keeps the 1 EV bound: reduced, not removed.
    const retouched = await enhance(await png(neutral), {
      engine: 'learned',
      retoucher: fakeModel('tinting', (r, g, b) => [clamp8(r * 1.45), g, clamp8(b * 1.45)]),
      correctVerticals: false,
    });
    expect(retouched.report.corrections.learned.residualCast).toBeGreaterThan(12);
    expect(retouched.report.after.cast).toBeGreaterThan(report.after.cast);
  });
});
