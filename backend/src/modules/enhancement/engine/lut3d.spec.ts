import { applyLut, fitLut, lutResidual } from './lut3d';
import type { RgbImage } from './rgb-image';

const gradientImage = (width: number, height: number): RgbImage => {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = (x * 255) / (width - 1);
      data[i + 1] = (y * 255) / (height - 1);
      data[i + 2] = ((x + y) * 255) / (width + height - 2);
    }
  return { width, height, data };
};

describe('3D LUT lift', () => {
  // A known global change: warmer and brighter, like a retoucher's edit.
  const edit = (v: number, c: number) => Math.min(255, Math.round(255 * Math.pow(v / 255, 0.8) * [1.05, 1, 0.9][c]));

  it('learns a global colour change on a small image and reproduces it on a larger one', () => {
    const small = gradientImage(64, 48);
    const target = { ...small, data: small.data.map((v, i) => edit(v, i % 3)) };
    const lut = fitLut(small, target);
    expect(lut.table.length).toBe(33 * 33 * 33 * 3);
    expect(lutResidual(small, target, lut)).toBeLessThan(1.5);

    const large = gradientImage(300, 200);
    const expected = large.data.map((v, i) => edit(v, i % 3));
    applyLut(large, lut);
    let error = 0;
    for (let i = 0; i < expected.length; i++) error += Math.abs(large.data[i] - expected[i]);
    expect(error / expected.length).toBeLessThan(2);
  });

  it('is the identity when nothing changed', () => {
    const small = gradientImage(32, 32);
    const lut = fitLut(small, { ...small, data: small.data.slice() });
    const copy = { ...small, data: small.data.slice() };
    applyLut(copy, lut);
    expect(Math.max(...copy.data.map((v, i) => Math.abs(v - small.data[i])))).toBeLessThanOrEqual(1);
  });
});
