import { decodeRaw, noise, png, rawRgb } from '../../test/fixtures/enhancement-images';
import { linearRgbToLab, srgbToLinear } from '../color';
import { enhance } from '../enhance';
import { measurePhoto } from '../measure';
import { MAX_NEW_CLIPPING, buildChannelLuts, newlyClippedShare, planTone } from './tone';

describe('exposure', () => {
  it('brings an underexposed ramp to the target exposure without clipping', async () => {
    // A horizontal grey ramp two stops under: codes 5..90.
    const ramp = rawRgb(256, 64, (x) => {
      const v = Math.round(5 + (85 * x) / 255);
      return [v, v, v];
    });
    const { image, report } = await enhance(await png(ramp), { engine: 'classic', correctVerticals: false });
    const after = measurePhoto(await decodeRaw(image));
    expect(report.before.meanLuma).toBeLessThan(0.25);
    expect(report.corrections.exposure.applied).toBe(true);
    expect(report.corrections.exposure.ev).toBeGreaterThan(0.8);
    expect(after.meanLuma).toBeGreaterThanOrEqual(0.38);
    expect(after.meanLuma).toBeLessThanOrEqual(0.58);
    expect(after.clippedHighlights).toBe(0);
  });

  it('leaves a well-exposed ramp near its exposure', async () => {
    const ramp = rawRgb(256, 64, (x) => [x, x, x]);
    const { report } = await enhance(await png(ramp), { engine: 'classic', correctVerticals: false });
    expect(Math.abs(report.after.meanLuma - report.before.meanLuma)).toBeLessThan(0.06);
    expect(report.after.clippedHighlights).toBeLessThanOrEqual(report.before.clippedHighlights + 0.001);
  });
});

describe('clipping-bounded exposure', () => {
  // A dark scene (codes 10..60) with a bright strip (codes 235..253) over 3 % of the frame: lifting the dark
  // body to the target band with the plain curve would push the strip to 254-255.
  const scene = rawRgb(200, 100, (x, y) => {
    if (y < 3) {
      const v = 235 + Math.round((18 * x) / 199);
      return [v, v, v];
    }
    const v = 10 + Math.round((50 * x) / 199);
    return [v, v, v];
  });

  it('lifts a dark scene but newly clips at most MAX_NEW_CLIPPING of it', () => {
    const stats = measurePhoto(scene);
    const plan = planTone(scene, stats, [1, 1, 1]);
    expect(plan.exposureEv).toBeGreaterThan(0.3);
    expect(newlyClippedShare(scene, [1, 1, 1], plan)).toBeLessThanOrEqual(MAX_NEW_CLIPPING);
    // The unbounded lift to the band would have clipped the whole strip.
    expect(newlyClippedShare(scene, [1, 1, 1], { exposureCurve: Math.pow(2, 2.5) })).toBeGreaterThan(0.01);
  });

  it('white balance gains above 1 roll off instead of clipping the channel', () => {
    const [, , blue] = buildChannelLuts([0.7, 1, 1.5], { exposureCurve: 1 });
    // A plain 1.5x gain would clip blue from code 212 up; with the knee the top codes stay apart (code 253 rounds
    // to 254: the roll-off approaches white continuously).
    expect(blue[212]).toBeLessThan(245);
    expect(blue[250]).toBeLessThan(254);
    expect(blue[255]).toBe(255);
    expect(blue[100]).toBeGreaterThan(100);
    for (let v = 1; v < 256; v++) expect(blue[v]).toBeGreaterThanOrEqual(blue[v - 1]);
  });

  it('white balance gains below 1 leave white white, and correct the rest exactly', () => {
    const [red] = buildChannelLuts([0.7, 1, 1.5], { exposureCurve: 1 });
    // A plain 0.7x gain took white to code 218: a blown window turned cyan.
    expect(red[255]).toBe(255);
    expect(red[250]).toBeGreaterThan(240);
    // Below the knee (85 % linear, code 237) the gain is exact: 0.7x linear is code 155 -> 132 (within a code).
    expect(Math.abs(red[155] - 132)).toBeLessThanOrEqual(1);
    for (let v = 1; v < 256; v++) expect(red[v]).toBeGreaterThanOrEqual(red[v - 1]);
  });
});

describe('darkening an overexposed photo', () => {
  const random = noise(11);
  // A pale blue sky (b* about -14) over a light grey wall with a white door: mean luma far above the band.
  const overexposed = rawRgb(160, 120, (x, y) => {
    const grain = random() * 4 + (x % 16) / 4;
    if (y < 60) return [200 + grain, 226 + grain, 250 + grain * 0.4];
    if (x > 120 && y > 80) return [255, 255, 255];
    return [214 + grain, 214 + grain, 214 + grain];
  });
  const lab = (rgb: number[]) => linearRgbToLab(...(rgb.map((v) => srgbToLinear(v / 255)) as [number, number, number]));
  const meanSky = (data: Uint8Array, width: number) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = 10; y < 50; y++)
      for (let x = 10; x < width - 10; x++, n++) for (let c = 0; c < 3; c++) sum[c] += data[(y * width + x) * 3 + c];
    return sum.map((v) => v / n);
  };

  it('keeps a pale sky pale: its hue and colourfulness survive, white stays white', async () => {
    const { image, report } = await enhance(await png(overexposed), { engine: 'classic', correctVerticals: false });
    expect(report.corrections.exposure.ev).toBeLessThan(-0.3);
    const out = await decodeRaw(image);
    const before = lab(meanSky(overexposed.data, 160));
    const after = lab(meanSky(out.data, out.width));
    const chroma = (c: { a: number; b: number }) => Math.hypot(c.a, c.b);
    // Per channel, the darkening's slope near white doubled the sky's channel differences: a teal sky.
    expect(chroma(after)).toBeLessThan(chroma(before) * 1.25);
    const hue = (c: { a: number; b: number }) => (Math.atan2(c.b, c.a) * 180) / Math.PI;
    expect(Math.abs(hue(after) - hue(before))).toBeLessThan(20);
    expect(after.l).toBeLessThan(before.l - 3);
    // No halo: the sky next to the wall is as dark as the sky far from it.
    const rowLuma = (y: number) => {
      let sum = 0;
      for (let x = 10; x < 110; x++) sum += out.data[(y * out.width + x) * 3 + 1];
      return sum / 100;
    };
    expect(Math.abs(rowLuma(58) - rowLuma(20))).toBeLessThan(4);
    expect(
      Math.min(...out.data.subarray((110 * out.width + 140) * 3, (110 * out.width + 140) * 3 + 3)),
    ).toBeGreaterThan(250);
  });
});

describe('black point', () => {
  const random = noise(3);
  const scene = (darkest: number) =>
    rawRgb(200, 150, (x, y) => {
      // The top rows (2 % of the pixels) are the darkest surface, a sofa in shadow, at codes darkest..darkest+6.
      if (y < 3) {
        const v = darkest + Math.floor(random() * 7);
        return [v, v, v];
      }
      const v = 60 + ((x * 3 + y * 2) % 140) + random() * 4;
      return [v, v * 0.98, v * 0.95];
    });

  it('sets lifted blacks down: a hazy photo gets deep blacks', async () => {
    const { report } = await enhance(await png(scene(24)), { engine: 'classic', correctVerticals: false });
    expect(report.corrections.blackPoint.applied).toBe(true);
    expect(report.after.p01).toBeLessThan(report.before.p01 * 0.6);
  });

  it("never sends more than the acceptance criterion of a photo's true blacks to black", async () => {
    const { report } = await enhance(await png(scene(3)), { engine: 'classic', correctVerticals: false });
    expect(report.after.clippedShadows - report.before.clippedShadows).toBeLessThan(0.005);
  });
});
