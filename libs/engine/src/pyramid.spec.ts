import { blendPyramids, collapse, laplacianPyramid, levelsFor } from './pyramid';

const plane = (width: number, height: number, value: (x: number, y: number) => number) => {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = value(x, y);
  return { width, height, data };
};
const maxDifference = (a: Float32Array, b: Float32Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

describe('pyramids', () => {
  // Odd sizes: every level's rounding is exercised.
  const image = plane(123, 77, (x, y) => Math.sin(x / 5) * 0.3 + (y % 9) / 20 + (x > 60 ? 0.4 : 0));

  it('collapses a Laplacian pyramid back to the image it was built from', () => {
    const levels = levelsFor(image.width, image.height);
    expect(levels).toBeGreaterThan(3);
    const rebuilt = collapse(laplacianPyramid(image, levels));
    expect([rebuilt.width, rebuilt.height]).toEqual([123, 77]);
    expect(maxDifference(rebuilt.data, image.data)).toBeLessThan(1e-5);
  });

  it('blends band by band: one image weighted everywhere comes back, and a hard mask leaves no seam wider than the bands', () => {
    const other = plane(123, 77, () => 0.9);
    const ones = plane(123, 77, () => 1);
    const zeros = plane(123, 77, () => 0);
    expect(maxDifference(blendPyramids([image, other], [ones, zeros]).data, image.data)).toBeLessThan(1e-5);
    // Left half from one flat image, right half from another: far from the seam each keeps its own value exactly,
    // and across it the values change monotonically (no ringing).
    const dark = plane(123, 77, () => 0.2);
    const left = plane(123, 77, (x) => (x < 61 ? 1 : 0));
    const right = plane(123, 77, (x) => (x < 61 ? 0 : 1));
    const blended = blendPyramids([dark, other], [left, right]);
    const row = Array.from(blended.data.subarray(38 * 123, 39 * 123));
    expect(row[0]).toBeCloseTo(0.2, 2);
    expect(row[122]).toBeCloseTo(0.9, 2);
    for (let x = 1; x < 123; x++) expect(row[x]).toBeGreaterThanOrEqual(row[x - 1] - 1e-4);
  });
});
