import { applyLut, composeLutLuma, fitLut, type Lut3d, LUT_SIZE, lutCell, lutResidual } from './lut3d';
import { applyLutSimd } from './lut-simd';
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

  it('darkens by luma with each colour kept in proportion, after the LUT', () => {
    const small = gradientImage(32, 32);
    const identity = fitLut(small, { ...small, data: small.data.slice() });
    // Luma 0.277 lowered by 0.05: every channel scaled by 0.82, so a dim brown stays the same brown, darker. The same
    // 0.05 taken off each channel would give 107 / 47 / 17, a redder brown.
    const pixel = { width: 1, height: 1, data: Uint8Array.from([120, 60, 30]) };
    applyLut(
      pixel,
      composeLutLuma(identity, (luma) => luma - 0.05),
    );
    const [red, green, blue] = Array.from(pixel.data);
    expect(red).toBeCloseTo(98, -0.5);
    expect(red / green).toBeCloseTo(2, 1);
    expect(red / blue).toBeGreaterThan(3.7);
    expect(red / blue).toBeLessThan(4.3);
    const black = { width: 1, height: 1, data: Uint8Array.from([0, 0, 0]) };
    applyLut(
      black,
      composeLutLuma(identity, (luma) => luma - 0.1),
    );
    expect(Array.from(black.data)).toEqual([0, 0, 0]);
  });
});

describe('applying a LUT with the SIMD kernel', () => {
  /** A seeded uneven LUT (every node moved differently) and the trilinear reference of one pixel through it. */
  const randomLut = (size: number, seed: number): Lut3d => {
    let state = seed;
    const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const table = new Float32Array(size ** 3 * 3);
    const step = 255 / (size - 1);
    for (let n = 0; n < size ** 3; n++) {
      const node = [n % size, Math.floor(n / size) % size, Math.floor(n / size / size)];
      for (let c = 0; c < 3; c++) table[n * 3 + c] = Math.min(255, Math.max(0, node[c] * step + (random() - 0.5) * 60));
    }
    return { size, table };
  };
  const reference = (lut: Lut3d, r: number, g: number, b: number) => {
    const out = new Float32Array(3);
    const at = (v: number) => {
      const f = (v * (lut.size - 1)) / 255;
      const index = Math.min(Math.floor(f), lut.size - 2);
      return [index, f - index];
    };
    const [ir, fr] = at(r);
    const [ig, fg] = at(g);
    const [ib, fb] = at(b);
    lutCell(lut, (ir + (ig + ib * lut.size) * lut.size) * 3, fr, fg, fb, out);
    return Array.from(out, Math.round);
  };

  it('gives the trilinear lookup of every pixel, across chunks and on every colour corner', () => {
    for (const size of [LUT_SIZE, 17]) {
      const lut = randomLut(size, size);
      // Over 2^18 pixels, so the kernel's chunks and the last partial chunk are crossed; corners and codes 0 / 255.
      const pixels = 300_000;
      const data = new Uint8Array(pixels * 3);
      let state = 7;
      for (let i = 0; i < data.length; i++) data[i] = (state = (state * 69069 + 1) >>> 0) >>> 24;
      data.set([0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255], 0);
      const original = data.slice();
      expect(applyLutSimd(data, lut)).toBe(true);
      let differing = 0;
      let largest = 0;
      for (let p = 0; p < pixels; p++) {
        const expected = reference(lut, original[p * 3], original[p * 3 + 1], original[p * 3 + 2]);
        for (let c = 0; c < 3; c++) {
          const difference = Math.abs(data[p * 3 + c] - expected[c]);
          largest = Math.max(largest, difference);
          if (difference) differing++;
        }
      }
      expect(largest).toBeLessThanOrEqual(1);
      // float32 against float64 arithmetic: only values on a rounding edge may differ.
      expect(differing).toBeLessThan(pixels * 3 * 0.001);
    }
  });
});
