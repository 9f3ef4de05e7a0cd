import { rawRgb } from '../../test/fixtures/enhancement-images';
import { measurePhoto } from '../measure';
import { MAX_NEW_CLIPPING, buildChannelLuts, newlyClippedShare, planExposure } from './tone';

// The exposure and white-balance curves the learned style's finishing uses; the listing look's own is in listing-look.spec.ts.
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
    const plan = planExposure(scene, stats);
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
