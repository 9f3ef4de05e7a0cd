import { png, rawRgb } from '../../test/fixtures/enhancement-images';
import { enhance } from '../enhance';
import { applyAdjustments, type HostAdjustments, planAdjustments, styleWhitePoint } from './adjust';

/** A grey-to-white ramp across the width, with a patch at pure white: walls, a lamp, a window. */
const ramp = () => {
  const image = rawRgb(64, 16, (x) => {
    const v = x >= 60 ? 255 : 40 + Math.round((x / 60) * 200);
    return [v, v, v];
  });
  return { width: image.width, height: image.height, data: new Uint8Array(image.data) };
};

const mean = (data: Uint8Array, channel: number) => {
  let sum = 0;
  for (let i = channel; i < data.length; i += 3) sum += data[i];
  return sum / (data.length / 3);
};
const luma = (data: Uint8Array) => 0.2126 * mean(data, 0) + 0.7152 * mean(data, 1) + 0.0722 * mean(data, 2);
const adjusted = (adjustments: HostAdjustments) => {
  const image = ramp();
  applyAdjustments(image, planAdjustments(adjustments));
  return image.data;
};

describe('host adjustments', () => {
  it('changes nothing for the listing style, the default, with no steps', () => {
    expect(planAdjustments(undefined)).toMatchObject({ style: 'listing', applied: false });
    expect(planAdjustments({ style: 'listing', brightness: 0, warmth: 0 }).applied).toBe(false);
    expect(adjusted({ style: 'listing', brightness: 0, warmth: 0 })).toEqual(ramp().data);
  });

  it('adds nothing of its own for the natural style: the learned engine renders that look', () => {
    expect(planAdjustments({ style: 'natural', brightness: 0, warmth: 0 }).applied).toBe(false);
    expect(adjusted({ style: 'natural', brightness: 1, warmth: -1 })).toEqual(
      adjusted({ style: 'listing', brightness: 1, warmth: -1 }),
    );
  });

  it('brightens and darkens in steps, rolling brightened highlights off instead of clipping them', () => {
    const base = luma(ramp().data);
    const up = adjusted({ style: 'listing', brightness: 2, warmth: 0 });
    const down = adjusted({ style: 'listing', brightness: -1, warmth: 0 });
    expect(luma(up)).toBeGreaterThan(base + 10);
    expect(luma(down)).toBeLessThan(base - 5);
    // Near-white wall (x = 55) brightened but short of 255; the window at 255 stays white.
    const wall = 55 * 3;
    expect(up[wall]).toBeGreaterThan(ramp().data[wall]);
    expect(up[wall]).toBeLessThan(255);
    expect(up[62 * 3]).toBe(255);
  });

  it('warms whites without darkening them, and cools them the other way', () => {
    const warm = adjusted({ style: 'listing', brightness: 0, warmth: 2 });
    const cool = adjusted({ style: 'listing', brightness: 0, warmth: -2 });
    expect(mean(warm, 0) - mean(warm, 2)).toBeGreaterThan(8);
    expect(mean(cool, 2) - mean(cool, 0)).toBeGreaterThan(8);
    expect(Math.abs(luma(warm) - luma(ramp().data))).toBeLessThan(2);
  });

  it('gives each style its own look: bright & airy lifts shadows most, warm warms', () => {
    const base = ramp().data;
    const airy = adjusted({ style: 'bright-airy', brightness: 0, warmth: 0 });
    const shadow = 5 * 3;
    expect(airy[shadow] - base[shadow]).toBeGreaterThan(10);
    const warm = adjusted({ style: 'warm', brightness: 0, warmth: 0 });
    expect(mean(warm, 0)).toBeGreaterThan(mean(warm, 2));
  });

  it('clamps out-of-range steps to the two the product offers', () => {
    expect(planAdjustments({ style: 'listing', brightness: 9, warmth: -9 })).toMatchObject(
      planAdjustments({ style: 'listing', brightness: 2, warmth: -2 }),
    );
  });

  it('is reported by the engine only when asked for', async () => {
    const photo = await png(rawRgb(96, 64, (x) => [90 + x, 90 + x, 90 + x]));
    const plain = await enhance(photo, { engine: 'classic' });
    expect(plain.report.corrections.adjustments).toBeUndefined();
    const asked = await enhance(photo, {
      engine: 'classic',
      adjustments: { style: 'listing', brightness: 1, warmth: 0 },
    });
    expect(asked.report.corrections.adjustments).toMatchObject({ applied: true, style: 'listing' });
    expect(asked.report.corrections.adjustments!.ev).toBeCloseTo(1 / 3);
    expect(asked.report.after.meanLuma).toBeGreaterThan(plain.report.after.meanLuma);
  });

  it("renders the order's look at its own strength, reported as the order's and not as a host's adjustment", async () => {
    const photo = await png(rawRgb(96, 64, (x) => [90 + x, 90 + x, 90 + x]));
    const plain = await enhance(photo, { engine: 'classic' });
    const warm = await enhance(photo, { engine: 'classic', look: 'warm' });
    expect(warm.report.corrections.adjustments).toBeUndefined();
    expect(warm.report.corrections.orderLook).toMatchObject({ style: 'warm', applied: true, ev: 0 });
    expect(warm.report.after.castB).toBeGreaterThan(plain.report.after.castB + 2);
    const listing = await enhance(photo, { engine: 'classic', look: 'listing' });
    expect(listing.report.corrections.orderLook).toMatchObject({ style: 'listing', applied: false });
    expect(listing.image.equals(plain.image)).toBe(true);
    // A host's adjustment names its own style and takes the look's place.
    const adjusted = await enhance(photo, {
      engine: 'classic',
      look: 'warm',
      adjustments: { style: 'listing', brightness: 0, warmth: 0 },
    });
    expect(adjusted.report.corrections.orderLook).toBeUndefined();
    expect(adjusted.report.corrections.adjustments).toMatchObject({ style: 'listing', applied: false });
    expect(adjusted.image.equals(plain.image)).toBe(true);
  });

  it("places each style's grey: only the warm look moves it, towards yellow", () => {
    expect(styleWhitePoint('listing')).toEqual({ castA: 0, castB: 0 });
    expect(styleWhitePoint('bright-airy')).toEqual({ castA: 0, castB: 0 });
    const warm = styleWhitePoint('warm');
    expect(warm.castB).toBeGreaterThan(2.5);
    expect(Math.abs(warm.castA)).toBeLessThan(warm.castB / 3);
  });
});
