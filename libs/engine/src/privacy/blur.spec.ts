import { noise, rawRgb } from '../../test/fixtures/enhancement-images';
import { correlation, greenValues } from '../../test/fixtures/pixel-statistics';
import { blurRegions, type PrivacyBox } from './blur';

/** A seeded stand-in for Math.random (0..1). */
const seeded = (seed: number) => {
  const random = noise(seed);
  return () => random() + 0.5;
};

/** A textured patch on a flat wall: detail at 2-3 px, as eyes, brows and lips are on a face 60 px wide. */
const patch = (seed: number) => {
  const random = noise(seed);
  const cells = Array.from({ length: 40 * 40 }, () => random());
  return rawRgb(200, 160, (x, y) => {
    if (x < 60 || x >= 120 || y < 50 || y >= 120) return [120, 110, 100];
    const v = cells[Math.floor((y - 50) / 2) * 40 + Math.floor((x - 60) / 2)];
    return [150 + v * 160, 120 + v * 140, 100 + v * 120];
  });
};

const meanAbsDiff = (a: number[], b: number[]) => a.reduce((s, x, i) => s + Math.abs(x - b[i]), 0) / a.length;

describe('privacy blur', () => {
  const face: PrivacyBox = { x: 60, y: 50, w: 60, h: 70, kind: 'face' };

  it('leaves nothing of the detail inside a region: the blurred pixels do not correlate with the original', () => {
    const original = patch(1);
    const blurred = { ...original, data: new Uint8Array(original.data) };
    blurRegions(blurred, [face], seeded(7));
    const before = greenValues(original, face);
    const after = greenValues(blurred, face);
    expect(Math.abs(correlation(before, after))).toBeLessThan(0.2);
    // Still the region's colour on average: a soft patch, not a black box.
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    expect(Math.abs(mean(after) - mean(before))).toBeLessThan(6);
  });

  it('makes two different faces of the same colouring indistinguishable', () => {
    const [a, b] = [patch(1), patch(2)];
    const differenceBefore = meanAbsDiff(greenValues(a, face), greenValues(b, face));
    blurRegions(a, [face], seeded(3));
    blurRegions(b, [face], seeded(3));
    expect(meanAbsDiff(greenValues(a, face), greenValues(b, face))).toBeLessThan(differenceBefore / 5);
  });

  it('changes nothing beyond the region and its soft edge, and blends across the edge', () => {
    const original = patch(4);
    const blurred = { ...original, data: new Uint8Array(original.data) };
    blurRegions(blurred, [face], seeded(5));
    const feather = Math.round(60 * 0.2);
    let changedOutside = 0;
    for (let y = 0; y < original.height; y++)
      for (let x = 0; x < original.width; x++) {
        const far =
          x < face.x - feather ||
          x >= face.x + face.w + feather ||
          y < face.y - feather ||
          y >= face.y + face.h + feather;
        const i = (y * original.width + x) * 3;
        if (far && blurred.data[i] !== original.data[i]) changedOutside++;
      }
    expect(changedOutside).toBe(0);
    // Halfway out along the edge the wall is changed less than at the region's border.
    const wall = 110;
    const at = (x: number) => Math.abs(blurred.data[(85 * original.width + x) * 3 + 1] - wall);
    expect(at(face.x - feather + 2)).toBeLessThan(at(face.x) + 1);
  });

  it('reduces a plate to one row of cells, so no character survives', () => {
    const plate: PrivacyBox = { x: 40, y: 60, w: 120, h: 28, kind: 'plate' };
    const original = rawRgb(200, 160, (x, y) =>
      x >= 40 && x < 160 && y >= 60 && y < 88 && (x >> 2) % 2 && y > 64 && y < 84 ? [20, 20, 20] : [235, 235, 235],
    );
    const blurred = { ...original, data: new Uint8Array(original.data) };
    blurRegions(blurred, [plate], seeded(9));
    const row = greenValues(blurred, { ...plate, y: 74, h: 1 });
    // The strokes (4 px apart) leave no alternation: neighbouring pixels differ by the noise only.
    expect(meanAbsDiff(row.slice(1), row.slice(0, -1))).toBeLessThan(10);
    expect(Math.abs(correlation(greenValues(original, plate), greenValues(blurred, plate)))).toBeLessThan(0.2);
  });
});
