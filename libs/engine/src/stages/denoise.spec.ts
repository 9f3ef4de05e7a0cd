import { noise, png, rawRgb } from '../../test/fixtures/enhancement-images';
import { boxFilter } from '../box-filter';
import { enhance } from '../enhance';
import { measureHalfSizeNoise, measureNoise } from '../measure';
import { DENOISE_THRESHOLD, denoise, planDenoise } from './denoise';

const copy = (image: { width: number; height: number; data: Uint8Array }) => ({
  width: image.width,
  height: image.height,
  data: new Uint8Array(image.data),
});

/** Standard deviation of one channel over the image. */
const deviation = (data: Uint8Array, channel: number) => {
  let sum = 0;
  let squares = 0;
  const n = data.length / 3;
  for (let i = channel; i < data.length; i += 3) {
    sum += data[i];
    squares += data[i] * data[i];
  }
  return Math.sqrt(squares / n - (sum / n) ** 2);
};

describe('noise reduction', () => {
  // A flat mid-grey wall with strong sensor-like grain (luma sigma about 6 levels) and chroma noise.
  const random = noise(11);
  const noisy = rawRgb(200, 150, () => {
    const grain = random() * 20;
    return [128 + grain + random() * 10, 120 + grain, 110 + grain + random() * 10];
  });
  const clean = rawRgb(200, 150, (x, y) => [120 + ((x >> 3) & 1) * 40, 110 + ((y >> 3) & 1) * 40, 100]);

  it('is planned only above the threshold, stronger with more noise', () => {
    expect(planDenoise(0.4).applied).toBe(false);
    expect(planDenoise(DENOISE_THRESHOLD).applied).toBe(false);
    const light = planDenoise(DENOISE_THRESHOLD * 1.2);
    const heavy = planDenoise(DENOISE_THRESHOLD * 3);
    expect(light.applied).toBe(true);
    expect(heavy.strength).toBeGreaterThan(light.strength);
    expect(heavy.strength).toBeLessThanOrEqual(1);
  });

  it('makes a noisy flat patch quieter in luma and chroma', () => {
    const image = copy(noisy);
    const before = measureNoise(image);
    const blueBefore = deviation(image.data, 2);
    expect(before).toBeGreaterThan(DENOISE_THRESHOLD);
    denoise(image, planDenoise(before));
    expect(measureNoise(image)).toBeLessThan(before * 0.6);
    expect(deviation(image.data, 2)).toBeLessThan(blueBefore * 0.7);
  });

  it('does nothing to a clean gradient, whatever the lift', () => {
    const gradient = copy(rawRgb(200, 150, (x, y) => [40 + x, 30 + x / 2 + y / 3, 60 + y]));
    const sigma = measureNoise(gradient);
    expect(sigma).toBeLessThan(0.5);
    const plan = planDenoise(sigma, 4);
    expect(plan.applied).toBe(false);
    const before = gradient.data.slice();
    denoise(gradient, plan);
    expect(gradient.data).toEqual(before);
  });

  it('treats more variation as noise on a photo lifted by several stops', () => {
    expect(planDenoise(2.5, 0).edgeFactor).toBe(2);
    expect(planDenoise(2.5, 2).edgeFactor).toBeCloseTo(3);
    expect(planDenoise(2.5, 5).edgeFactor).toBe(4);
    // The noisy patch, filtered as measured (factor 2) and as lifted by 4 EV (factor 4): the lifted plan removes
    // clearly more of the grain.
    const plain = copy(noisy);
    const lifted = copy(noisy);
    const sigma = measureNoise(plain);
    denoise(plain, planDenoise(sigma, 0));
    denoise(lifted, planDenoise(sigma, 4));
    expect(measureNoise(plain)).toBeLessThan(sigma * 0.6);
    expect(measureNoise(lifted)).toBeLessThan(measureNoise(plain) * 0.75);
  });

  /**
   * Grain correlated over several pixels, as a phone shot lifted by 4-5 stops carries it: white noise blurred twice
   * with a 3x3 box, `amplitude` times, over a flat wall (or a hard edge between two).
   */
  const blotchy = (seed: number, amplitude: number, edge = false) => {
    const random = noise(seed);
    const [width, height] = [240, 180];
    let field: Float32Array = Float32Array.from({ length: width * height }, () => random());
    field = boxFilter(boxFilter(field, width, height, 1), width, height, 1);
    return copy(
      rawRgb(width, height, (x, y) => {
        const base = edge ? (x < width / 2 ? 60 : 200) : 140;
        const grain = field[y * width + x] * amplitude;
        return [base + grain, base - 8 + grain, base - 16 + grain].map((v) =>
          Math.max(0, Math.min(255, Math.round(v))),
        ) as [number, number, number];
      }),
    );
  };

  it('measures coarse grain at half size, where the full-size measure under-reads it', () => {
    const grain = blotchy(5, 200);
    expect(measureNoise(grain)).toBeLessThan(DENOISE_THRESHOLD);
    expect(measureHalfSizeNoise(grain)).toBeGreaterThan(DENOISE_THRESHOLD);
    // White noise reads about half as strong at half size: the two measures tell fine noise from coarse grain.
    const white = copy(noisy);
    expect(measureHalfSizeNoise(white)).toBeLessThan(measureNoise(white) * 0.7);
  });

  it('removes coarse grain with its half-size pass, which the full-size window alone leaves', () => {
    const grain = blotchy(5, 200);
    const fine = measureNoise(grain);
    const coarse = measureHalfSizeNoise(grain);
    const plan = planDenoise(fine, 4, coarse);
    expect(plan.applied).toBe(true);
    const twoScales = copy(grain);
    const fullSizeOnly = copy(grain);
    denoise(twoScales, plan);
    denoise(fullSizeOnly, { ...plan, coarseSigma: 0 });
    expect(measureHalfSizeNoise(twoScales)).toBeLessThan(coarse * 0.65);
    expect(measureHalfSizeNoise(fullSizeOnly)).toBeGreaterThan(measureHalfSizeNoise(twoScales) * 1.3);
  });

  it('keeps a hard edge under coarse grain', () => {
    const edge = blotchy(7, 200, true);
    const plan = planDenoise(measureNoise(edge), 4, measureHalfSizeNoise(edge));
    expect(plan.coarseSigma).toBeGreaterThan(DENOISE_THRESHOLD);
    denoise(edge, plan);
    // Red averaged down each column (the grain averages out): the step from 60 to 200 stays within two pixels.
    const column = (x: number) => {
      let sum = 0;
      for (let y = 0; y < 180; y++) sum += edge.data[(y * 240 + x) * 3];
      return sum / 180;
    };
    expect(column(118)).toBeLessThan(75);
    expect(column(121)).toBeGreaterThan(185);
  });

  it('keeps a hard edge between flat areas', () => {
    const random2 = noise(3);
    const edge = copy(
      rawRgb(
        64,
        64,
        (x) => (x < 32 ? [60, 60, 60] : [200, 200, 200]).map((v) => v + random2() * 16) as [number, number, number],
      ),
    );
    denoise(edge, planDenoise(6, 4));
    const row = 32 * 64 * 3;
    expect(edge.data[row + 29 * 3]).toBeLessThan(80);
    expect(edge.data[row + 34 * 3]).toBeGreaterThan(180);
  });

  it('leaves a clean photo untouched by the enhancement and reports why', async () => {
    const { report } = await enhance(await png(clean), { engine: 'classic', correctVerticals: false });
    expect(report.corrections.denoise.applied).toBe(false);
    expect(report.corrections.denoise.strength).toBe(0);
  });

  it('leaves the grain of a photo it does not lift alone: texture, or the photographer choice', async () => {
    const { report } = await enhance(await png(noisy), { engine: 'classic', correctVerticals: false });
    expect(report.corrections.denoise.applied).toBe(false);
    expect(report.corrections.denoise.noise).toBeGreaterThan(2);
  });

  it('denoises a noisy photo it lifts by a stop or more, and reports it', async () => {
    const random3 = noise(11);
    // A dim grey room with grain: the classical exposure lifts it by more than a stop, and the grain with it.
    const dim = await png(
      rawRgb(320, 240, (x, y) => {
        const v = 40 + ((x * 3 + y * 2) % 20);
        return [v, v, v].map((c) => Math.max(0, c + random3() * 14)) as [number, number, number];
      }),
    );
    const { report } = await enhance(dim, { engine: 'classic', correctVerticals: false });
    expect(report.corrections.exposure.ev).toBeGreaterThan(1);
    expect(report.corrections.denoise.applied).toBe(true);
    expect(report.after.noise).toBeLessThan(report.corrections.denoise.noise as number);
  });
});
