import { decodeRaw, png, rawRgb } from '../../../../../test/fixtures/enhancement-images';
import { enhance } from '../enhance';
import { measurePhoto } from '../measure';

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
