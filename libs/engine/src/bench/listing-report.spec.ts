import type { RgbImage } from '../rgb-image';
import { type ListingFigures, listingDevChecks, listingFigures, listingFinishedChecks } from './listing-report';
import { psnr } from './metrics';

/** An image whose pixel p (raster order) has the colour colourAt(p). */
const image = (width: number, height: number, colourAt: (p: number) => [number, number, number]): RgbImage => {
  const data = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) data.set(colourAt(p), p * 3);
  return { width, height, data };
};
const patch = (colour: [number, number, number]) => image(30, 20, () => colour);

// The expected Lab figures below were worked out apart from the engine's colour code (the sRGB curve and the CIE
// formulas with the matrix rounded to four places), so they agree with it to about 0.05.
describe('listing report figures', () => {
  it('reads the luma percentiles, clipped and crushed shares off a grey ramp, one pixel per code', () => {
    const figures = listingFigures(image(64, 4, (p) => [p, p, p]));
    // 256 values 0/255..255/255: the median falls between codes 127 and 128, the 10th percentile between 25 and 26.
    expect(figures.medianLuma).toBeCloseTo(127.5 / 255, 9);
    expect(figures.p10Luma).toBeCloseTo(25.5 / 255, 9);
    // Codes 250-255 are clipped (6 of 256); codes 0-7 are at or below 0.03 (7/255 = 0.027, 8/255 = 0.031).
    expect(figures.clippedPercent).toBeCloseTo((100 * 6) / 256, 9);
    expect(figures.crushedPercent).toBeCloseTo((100 * 8) / 256, 9);
    // Greys: no cast and no colour.
    expect(figures.cast).toBeCloseTo(0, 3);
    expect(figures.colourfulness).toBeCloseTo(0, 9);
  });

  it('measures a warm grey card as its own chroma (L* 58.6, a* 0.28, b* 12.04)', () => {
    const figures = listingFigures(patch([150, 140, 120]));
    expect(figures.cast).toBeCloseTo(12.04, 1);
    expect(figures.medianLuma).toBeCloseTo((0.2126 * 150 + 0.7152 * 140 + 0.0722 * 120) / 255, 9);
    // Hasler-Süsstrunk of a flat patch: no spread, only the mean term 0.3 * |(10, 25)|.
    expect(figures.colourfulness).toBeCloseTo(0.3 * Math.hypot(10, 25), 9);
  });

  it('takes the cast from every third pixel only, in raster order', () => {
    // Pixels 0, 3, 6, ... are the warm card, the rest a cool one (chroma 11.98 the other way): averaging them all
    // would give about 4.
    const figures = listingFigures(image(31, 7, (p) => (p % 3 === 0 ? [150, 140, 120] : [120, 130, 150])));
    expect(figures.cast).toBeCloseTo(12.04, 1);
  });

  it('leaves out of the cast what is too dark, too bright or too colourful to be a near-neutral', () => {
    // Luma 0.217 and L* 23; luma 0.988; chroma 104.6.
    for (const colour of [
      [60, 55, 45],
      [252, 252, 252],
      [255, 0, 0],
    ] as [number, number, number][])
      expect(listingFigures(patch(colour)).cast).toBeNull();
    // The same warm card among them still counts on its own.
    const mixed = listingFigures(image(30, 30, (p) => (p % 6 === 0 ? [150, 140, 120] : [60, 55, 45])));
    expect(mixed.cast).toBeCloseTo(12.04, 1);
  });

  it('scores a fully saturated red patch as clipped and colourful, a black one as crushed', () => {
    const red = listingFigures(patch([255, 0, 0]));
    expect(red).toMatchObject({ clippedPercent: 100, crushedPercent: 0 });
    expect(red.medianLuma).toBeCloseTo(0.2126, 9);
    // rg = 255, yb = 127.5 everywhere.
    expect(red.colourfulness).toBeCloseTo(0.3 * Math.hypot(255, 127.5), 9);
    expect(listingFigures(patch([0, 0, 0]))).toEqual({
      medianLuma: 0,
      p10Luma: 0,
      clippedPercent: 0,
      crushedPercent: 100,
      cast: null,
      colourfulness: 0,
    });
  });

  it('counts the spread of colours in the colourfulness, with population deviations', () => {
    // Half red, half blue: rg is 255 or 0 (mean 127.5, deviation 127.5), yb 127.5 or -255 (mean -63.75, deviation
    // 191.25).
    const figures = listingFigures(image(10, 10, (p) => (p % 2 ? [255, 0, 0] : [0, 0, 255])));
    expect(figures.colourfulness).toBeCloseTo(Math.hypot(127.5, 191.25) + 0.3 * Math.hypot(127.5, 63.75), 9);
  });

  it('gives 48.13 dB between two images one code apart everywhere', () => {
    const grey = patch([100, 100, 100]);
    expect(psnr(grey, patch([101, 99, 101]))).toBeCloseTo(20 * Math.log10(255), 9);
  });
});

const figures = (over: Partial<ListingFigures> = {}): ListingFigures => ({
  medianLuma: 0.6,
  p10Luma: 0.3,
  clippedPercent: 0.2,
  crushedPercent: 0.1,
  cast: 2,
  colourfulness: 30,
  ...over,
});

describe('listing report checks', () => {
  it('passes outputs inside every target and names the photos that break a per-photo limit', () => {
    const input = figures({ clippedPercent: 0.1, crushedPercent: 0.1, colourfulness: 25 });
    const good = listingDevChecks([
      { name: 'a.jpg', input, output: figures() },
      { name: 'b.jpg', input, output: figures({ medianLuma: 0.65, cast: null }) },
    ]);
    expect(good.filter((c) => !c.pass)).toEqual([]);

    const bad = listingDevChecks([
      { name: 'a.jpg', input, output: figures({ clippedPercent: 0.7 }) },
      { name: 'b.jpg', input, output: figures({ colourfulness: 31.5, crushedPercent: 0.2 }) },
      { name: 'c.jpg', input, output: figures({ crushedPercent: 0.7 }) },
    ]);
    const failed = Object.fromEntries(bad.filter((c) => !c.pass).map((c) => [c.label, c.offenders]));
    expect(failed).toEqual({
      'no photo more crushed than its input by > 0.5 points': ['c.jpg'],
      'no photo more clipped than its input by > 0.5 points': ['a.jpg'],
      'no photo more colourful than 1.25 x its input': ['b.jpg'],
    });
  });

  it('fails the set means outside their ranges, the cast mean over the photos that have one', () => {
    const input = figures();
    const checks = listingDevChecks([
      { name: 'a.jpg', input, output: figures({ medianLuma: 0.4, p10Luma: 0.1, cast: 5 }) },
      { name: 'b.jpg', input, output: figures({ medianLuma: 0.5, p10Luma: 0.2, cast: null }) },
    ]);
    expect(checks.filter((c) => !c.pass).map((c) => [c.label, c.measured])).toEqual([
      ['mean median luma in 0.55-0.72', '0.450'],
      ['mean p10 luma >= 0.25', '0.150'],
      ['mean cast <= 3.5', '5.000'],
    ]);
  });

  it('holds finished photos to their own median luma, cast and 28 dB', () => {
    const input = figures({ medianLuma: 0.6, cast: 3 });
    const checks = listingFinishedChecks([
      { name: 'kept.jpg', input, output: figures({ medianLuma: 0.64, cast: 3 }), psnr: 33 },
      { name: 'brighter.jpg', input, output: figures({ medianLuma: 0.66, cast: 2 }), psnr: 30 },
      { name: 'warmer.jpg', input, output: figures({ cast: 3.4 }), psnr: 27.5 },
    ]);
    expect(checks.map((c) => [c.label, c.pass, c.offenders])).toEqual([
      ['median luma within ±0.05 of the input', false, ['brighter.jpg']],
      ['cast not raised', false, ['warmer.jpg']],
      ['PSNR against the input >= 28 dB', false, ['warmer.jpg']],
    ]);
  });
});
