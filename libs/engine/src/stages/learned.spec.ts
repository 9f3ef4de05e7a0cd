import { noise, png, rawRgb } from '../../test/fixtures/enhancement-images';
import sharp from 'sharp';
import { PIPELINES, enhance } from '../enhance';
import { ENGINE_VERSION } from '../version';
import { measureJpegBlocks } from '../measure';
import type { Retoucher } from '../types';
import { CAST_ALLOWANCE, LIGHT_CAST_CORRECTION, deepenBlacks, lightCastShift } from './learned';

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

describe('the natural style: routing and finishing of the learned result', () => {
  const random = noise(5);
  // A well-exposed, neutral room-like scene: grey walls with texture, mid exposure.
  const neutral = rawRgb(300, 200, (x, y) => {
    const v = 90 + ((x * 3 + y * 2) % 90) + random() * 4;
    return [v, v, v];
  });

  it('runs the model at about 192 px, on multiples of 64, and leaves a neutral well-exposed result alone', async () => {
    const model = fakeModel('identity', (r, g, b) => [r, g, b]);
    const { report } = await enhance(await png(neutral), {
      engine: 'learned',
      retoucher: model,
      correctVerticals: false,
    });
    expect(model.calls).toEqual(['192x128']);
    expect(report.pipeline).toBe('learned');
    expect(report.corrections.whiteBalance.applied).toBe(false);
    expect(report.corrections.exposure.applied).toBe(false);
    expect(Math.abs(report.after.meanLuma - report.before.meanLuma)).toBeLessThan(0.03);
  });

  it('returns the model rendering unsharpened on the learned path, and sharpens the listing look', async () => {
    const input = await png(neutral);
    const pixels = async (image: Buffer) => new Uint8Array(await sharp(image).removeAlpha().raw().toBuffer());
    const original = await pixels(input);
    const meanDifference = (data: Uint8Array) =>
      data.reduce((sum, v, i) => sum + Math.abs(v - original[i]), 0) / data.length;
    const learned = await enhance(input, {
      engine: 'learned',
      retoucher: fakeModel('identity', (r, g, b) => [r, g, b]),
      correctVerticals: false,
    });
    expect(learned.report.corrections.sharpen.applied).toBe(false);
    // Only the JPEG's rounding separates an identity model's result from the input: it differs from the input by
    // what the same JPEG of the input itself does, not by sharpening's halos.
    const jpegOnly = await pixels(await sharp(input).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer());
    expect(meanDifference(await pixels(learned.image))).toBeLessThan(meanDifference(jpegOnly) + 0.3);
    const listing = await enhance(input, { correctVerticals: false });
    expect(listing.report.corrections.sharpen.applied).toBe(true);
  });

  it('keeps the colour the model chose: a cast it adds is measured and reported, not corrected', async () => {
    const model = fakeModel('warming', (r, g, b) => [clamp8(r * 1.12 + 6), g, clamp8(b * 0.8)]);
    const { report } = await enhance(await png(neutral), {
      engine: 'learned',
      retoucher: model,
      correctVerticals: false,
    });
    expect(report.pipeline).toBe('learned');
    expect(report.corrections.learned.residualCast).toBeGreaterThan(8);
    expect(report.corrections.whiteBalance.applied).toBe(false);
  });

  it('keeps a learned result whose shadows the model sets to black', async () => {
    const crushing = fakeModel(
      'crushing',
      (r, g, b) => [r, g, b].map((v) => clamp8((v - 95) * 1.6)) as [number, number, number],
    );
    const { report } = await enhance(await png(neutral), {
      engine: 'learned',
      retoucher: crushing,
      correctVerticals: false,
    });
    expect(report.after.clippedShadows).toBeGreaterThan(report.before.clippedShadows + 0.005);
    expect(report.pipeline).toBe('learned');
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
      engine: 'learned' as const,
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
    expect(normal.report.corrections.learned.blacksLowered).toBe(0);
    expect(lowLight.calls).toHaveLength(1);
  });

  it('lowers the grey veil a low-light result lays over the blacks, and leaves the lit parts as bright', async () => {
    // A night room: a dark floor over most of the frame, a lit wall above it.
    const night = rawRgb(300, 200, (_x, y) => {
      const v = (y < 80 ? 20 : 2) + random();
      return [v, v, v];
    });
    // A lift that raises black to about 55 levels: the veil the low-light model leaves over a night scene.
    const veiled = fakeModel(
      'low-light',
      (r, g, b) => [r, g, b].map((v) => clamp8(45 + v * 5)) as [number, number, number],
    );
    const { report } = await enhance(await png(night), {
      engine: 'learned',
      retoucher: fakeModel('retouching', (r, g, b) => [r, g, b]),
      lowLightRetoucher: veiled,
      correctVerticals: false,
    });
    expect(report.corrections.learned.model).toBe('low-light');
    expect(report.corrections.learned.blacksLowered).toBeGreaterThan(0.1);
    // The floor sits at 73 levels without the toe (the veil, re-exposed) and comes down by about 10; the wall, at
    // 176 levels either way, is left where the lift put it.
    expect(report.after.p01 * 255).toBeLessThan(67);
    expect(report.after.p99 * 255).toBeGreaterThan(170);
  });

  it('lowers the blacks with a toe that keeps the order of tones and leaves mid-grey and above alone', () => {
    const toe = deepenBlacks(0.2);
    expect(toe(0)).toBeCloseTo(-0.2);
    expect(toe(0.5)).toBe(0.5);
    expect(toe(0.8)).toBe(0.8);
    for (let v = 0; v < 0.5; v += 0.01) expect(toe(v + 0.01)).toBeGreaterThan(toe(v));
  });

  it('routes a dark photo by outcome: the retouching result is kept when it lifts the photo well', async () => {
    const dim = rawRgb(300, 200, (x, y) => {
      const v = 12 + ((x + y) % 16) + random() * 2;
      return [v, v, v];
    });
    const lifting = fakeModel('retouching', (r, g, b) => [r * 4, g * 4, b * 4].map(clamp8) as [number, number, number]);
    const lowLight = fakeModel('low-light', (r, g, b) => [r * 6, g * 6, b * 6].map(clamp8) as [number, number, number]);
    const { report } = await enhance(await png(dim), {
      engine: 'learned',
      retoucher: lifting,
      lowLightRetoucher: lowLight,
      correctVerticals: false,
    });
    expect(report.before.exposureEv).toBeLessThan(-1.5);
    // Both ran; the retouching model's result was bright enough, so it was kept.
    expect(lowLight.calls).toHaveLength(1);
    expect(report.corrections.learned.model).toBe('retouching');
    expect(report.route).toMatch(/dark input/);
  });

  // A clear sky over warm stone: the "greys" the grey-pixel estimate finds are the sky, while the truly neutral
  // stone sits on the other side of neutral. The same scene under a blue light: everything is shifted the same way.
  const skyOverStone = (tint: number) =>
    rawRgb(300, 200, (x, y) => {
      const t = random() * 6 + ((x * 7 + y * 3) % 11);
      const [r, g, b] = y < 120 ? [122 + t, 140 + t, 166 + t] : [150 + t, 140 + t, 125 + t];
      return [r - tint, g, b + tint];
    });
  const identity = () => fakeModel('identity', (r, g, b) => [r, g, b]);

  it('leaves a saturated blue sky alone', async () => {
    const { report } = await enhance(await png(skyOverStone(0)), {
      engine: 'learned',
      retoucher: identity(),
      correctVerticals: false,
    });
    expect(report.pipeline).toBe('learned');
    expect(report.corrections.learned.residualCast).toBeGreaterThan(6);
    expect(report.corrections.whiteBalance.applied).toBe(false);
    expect(Math.abs(report.after.castB - report.before.castB)).toBeLessThan(1.5);
  });

  it('keeps a learned result that deepens a blue sky', async () => {
    // Blue is sky, water and shade, which retouchers deepen too: no reason to pull back or fall back (on FiveK
    // falling back cost 4-5 dB). The model saturates: the sky gets bluer and the stone warmer.
    const saturating = fakeModel('saturating', (r, g, b) => {
      const grey = (r + g + b) / 3;
      return [r, g, b].map((v) => clamp8(grey + (v - grey) * 1.8)) as [number, number, number];
    });
    const { report } = await enhance(await png(skyOverStone(0)), {
      engine: 'learned',
      retoucher: saturating,
      correctVerticals: false,
    });
    expect(report.pipeline).toBe('learned');
    expect(report.corrections.whiteBalance.applied).toBe(false);
    expect(report.corrections.learned.residualCast).toBeGreaterThan(report.before.cast + 5);
    expect(report.after.cast).toBeGreaterThan(10);
  });

  // A room under warm light: walls and linen a little yellow, as the grey-pixel estimate reads them.
  const warmRoom = rawRgb(300, 200, (x, y) => {
    const v = 100 + ((x * 3 + y * 2) % 80) + random() * 4;
    return [v + 8, v + 2, v - 14];
  });
  // A model that reads warm light as golden hour: it warms further.
  const warming = () => fakeModel('golden-hour', (r, g, b) => [clamp8(r * 1.08 + 4), g, clamp8(b * 0.82)]);

  it('takes a warm light the model deepened past where the photo had it, toward white, and says it balanced the colour', async () => {
    const input = await png(warmRoom);
    const { report } = await enhance(input, { engine: 'learned', retoucher: warming(), correctVerticals: false });
    expect(report.pipeline).toBe('learned');
    expect(report.corrections.learned.residualCast).toBeGreaterThan(report.before.cast + 4);
    expect(report.corrections.whiteBalance.applied).toBe(true);
    // Along the light's colour the room's walls come out whiter than they went in, not merely back to their own
    // tint (what the model turned across it, a little redder, it keeps).
    const along =
      (report.after.castA * report.before.castA + report.after.castB * report.before.castB) / report.before.cast;
    expect(along).toBeLessThan(report.before.cast * (1 - LIGHT_CAST_CORRECTION) + CAST_ALLOWANCE + 1);
    expect(along).toBeLessThan(report.before.cast / 2);
    // Along the cast only: the greys keep their hue, a touch warm.
    expect(Math.sign(report.after.castB)).toBe(Math.sign(report.before.castB));
  });

  it('also corrects a warm light the model kept as it was', async () => {
    const keeping = fakeModel('identity', (r, g, b) => [r, g, b]);
    const { report } = await enhance(await png(warmRoom), {
      engine: 'learned',
      retoucher: keeping,
      correctVerticals: false,
    });
    expect(report.corrections.whiteBalance.applied).toBe(true);
    expect(report.after.cast).toBeLessThan(report.before.cast / 2);
  });

  it("aims the greys at part of the photo's own cast where the tint is the light's, and leaves blue to the model", () => {
    const yellow = { castA: 2, castB: 12, neutralShare: 0.95 };
    const cast = Math.hypot(2, 12);
    const aim = cast * (1 - LIGHT_CAST_CORRECTION) + CAST_ALLOWANCE;
    const along = (v: { a: number; b: number }) => (v.a * 2 + v.b * 12) / cast;
    const shift = lightCastShift(yellow, { castA: 3, castB: 18 });
    // The result projects to about 18.2 along the cast; it is brought to the aim.
    expect(along(shift as { a: number; b: number })).toBeCloseTo(-(along({ a: 3, b: 18 }) - aim));
    // A result the model already brought to the aim or below is left, as is a cast across the input's, a neutral
    // input, a blue input.
    expect(lightCastShift(yellow, { castA: (aim * 2) / cast, castB: (aim * 12) / cast })).toBeNull();
    expect(lightCastShift(yellow, { castA: 0.2, castB: 1 })).toBeNull();
    expect(lightCastShift(yellow, { castA: -12, castB: 2 })).toBeNull();
    expect(lightCastShift({ castA: 0.5, castB: 1, neutralShare: 0.95 }, { castA: 3, castB: 18 })).toBeNull();
    expect(lightCastShift({ castA: -1, castB: -10, neutralShare: 0.95 }, { castA: -2, castB: -16 })).toBeNull();
    // Where the near-neutral pixels are barely half the frame (foliage, sky) their tint is the surfaces' own.
    expect(lightCastShift({ ...yellow, neutralShare: 0.6 }, { castA: 3, castB: 18 })).toBeNull();
    const partly = lightCastShift({ ...yellow, neutralShare: 0.8 }, { castA: 3, castB: 18 });
    expect(along(partly as { a: number; b: number })).toBeCloseTo(along(shift as { a: number; b: number }) / 2);
    // Magenta and green casts are the lights', not the sky's.
    expect(lightCastShift({ castA: 8, castB: 0, neutralShare: 0.95 }, { castA: 11, castB: 1 })).not.toBeNull();
    expect(lightCastShift({ castA: -6, castB: 2, neutralShare: 0.95 }, { castA: -10, castB: 3 })).not.toBeNull();
  });

  it('assembles the report from the stages of the pipeline, in order', async () => {
    expect(PIPELINES.learned.map((stage) => stage.name)).toEqual([
      'learned',
      'verticals',
      'denoise',
      'adjust',
      'upscale',
      'privacy',
    ]);
    expect(PIPELINES.listing.map((stage) => stage.name)).toEqual([
      'learned',
      'listingLook',
      'verticals',
      'denoise',
      'adjust',
      'upscale',
      'privacy',
    ]);
    const { report } = await enhance(await png(neutral), { correctVerticals: false });
    for (const key of [
      'learned',
      'whiteBalance',
      'exposure',
      'blackPoint',
      'verticals',
      'denoise',
      'upscale',
      'sharpen',
    ])
      expect(report.corrections).toHaveProperty(key);
    for (const name of PIPELINES.listing.map((stage) => stage.name)) expect(report.timingsMs).toHaveProperty(name);
    expect(report.engineVersion).toBe(ENGINE_VERSION);
    expect(report.pipeline).toBe('listing');
    // The natural style's report has the same fields, all from its one colour stage.
    const natural = await enhance(await png(neutral), {
      engine: 'learned',
      retoucher: fakeModel('identity', (r, g, b) => [r, g, b]),
      correctVerticals: false,
    });
    for (const key of ['whiteBalance', 'exposure', 'blackPoint', 'contrast', 'shadows', 'highlights', 'vibrance'])
      expect(natural.report.corrections).toHaveProperty(key);
    expect(natural.report.corrections.whiteBalance.castA).toBeCloseTo(natural.report.before.castA, 6);
  });
});

describe('a photo lifted by several stops, smoothed before its lift when its JPEG blocks would show', () => {
  // A room at night: soft shading around code 6 with fine grain. The stand-in model lifts it about five stops.
  const random = noise(21);
  const night = rawRgb(320, 240, (x, y) => {
    const v = 6 + 3 * Math.sin(x / 25) + 2 * Math.cos(y / 19) + random() * 3;
    return [v, v, v].map(clamp8) as [number, number, number];
  });
  const lift = () => fakeModel('lift', (r, g, b) => [clamp8(r * 12), clamp8(g * 12), clamp8(b * 12)]);
  const decode = async (image: Buffer) => {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data) };
  };
  const options = () => ({ engine: 'learned' as const, retoucher: lift(), correctVerticals: false });
  /** Mean horizontal luma step (levels) across x = 7|8 mod 8 beyond the mean step elsewhere: how far blocks show. */
  const blockEdgeStep = ({ width, height, data }: { width: number; height: number; data: Uint8Array }) => {
    const sums = [0, 0];
    const counts = [0, 0];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width - 1; x++) {
        const i = (y * width + x) * 3;
        const edge = x % 8 === 7 ? 1 : 0;
        sums[edge] += Math.abs(data[i + 4] - data[i + 1]);
        counts[edge]++;
      }
    return sums[1] / counts[1] - sums[0] / counts[0];
  };

  it('smooths a blocky phone JPEG before lifting it, so its 8x8 blocks do not become a mosaic', async () => {
    const jpeg = await sharp(night.data, { raw: { width: 320, height: 240, channels: 3 } })
      .jpeg({ quality: 60 })
      .toBuffer();
    const input = await decode(jpeg);
    expect(measureJpegBlocks(input).flatShare).toBeGreaterThan(0.3);
    const { image, report } = await enhance(jpeg, options());
    expect(report.after.exposureEv - report.before.exposureEv).toBeGreaterThan(4);
    expect(report.corrections.learned.smoothedBeforeLift).toBe(true);
    // The lift alone, as a LUT would give it: every block step multiplied. The engine's output keeps less than half
    // of that extra step at the block edges (levels, not a ratio: a smooth output's ratio is all JPEG).
    const lifted = { ...input, data: input.data.map((v) => clamp8(v * 12)) };
    const output = await decode(image);
    expect(blockEdgeStep(lifted)).toBeGreaterThan(2);
    expect(blockEdgeStep(output)).toBeLessThan(blockEdgeStep(lifted) / 2);
  });

  it('keeps the detail of a capture with no 8x8 grid, lifted as much', async () => {
    const { report } = await enhance(await png(night), options());
    expect(report.after.exposureEv - report.before.exposureEv).toBeGreaterThan(4);
    expect(report.corrections.learned.smoothedBeforeLift).toBe(false);
  });
});
