import { simdDetailRows } from '../unsharp-simd';
import { detailRows, sharpenLuma } from './sharpen';

const plan = { sigma: 1, amount: 2, flatAmount: 0.3, threshold: 0.02 };

describe('luma sharpening', () => {
  it('steepens an edge without tinting it', () => {
    const width = 32;
    const height = 8;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) data.fill(x < 16 ? 80 : 170, (y * width + x) * 3, (y * width + x) * 3 + 3);
    sharpenLuma({ width, height, data }, plan);
    const at = (x: number) => data[(4 * width + x) * 3];
    expect(at(15)).toBeLessThan(80);
    expect(at(16)).toBeGreaterThan(170);
    const i = (4 * width + 16) * 3;
    expect(data[i]).toBe(data[i + 1]);
    expect(data[i + 1]).toBe(data[i + 2]);
    // Far from the edge nothing changes.
    expect(at(2)).toBe(80);
    expect(at(29)).toBe(170);
  });

  it('leaves a flat area flat', () => {
    const data = new Uint8Array(20 * 20 * 3).fill(128);
    sharpenLuma({ width: 20, height: 20, data }, plan);
    expect(data.every((v) => v === 128)).toBe(true);
  });
});

describe('luma sharpening near white and black', () => {
  const edge = (dark: number, bright: number) => {
    const width = 32;
    const height = 8;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) data.fill(x < 16 ? dark : bright, (y * width + x) * 3, (y * width + x) * 3 + 3);
    sharpenLuma({ width, height, data }, plan);
    return (x: number) => data[(4 * width + x) * 3];
  };

  it('sharpens a bright edge without clipping its bright side', () => {
    const at = edge(150, 245);
    expect(at(16)).toBeGreaterThan(245);
    expect(at(16)).toBeLessThan(254);
    expect(at(15)).toBeLessThan(150);
  });

  it('sharpens a dark edge without crushing its dark side', () => {
    const at = edge(8, 90);
    expect(at(15)).toBeLessThan(8);
    // The shoulder approaches black (rounding may reach code 1) but does not set the edge to 0.
    expect(at(15)).toBeGreaterThanOrEqual(1);
    expect(at(16)).toBeGreaterThan(90);
  });
});

describe('the unsharp mask detail with SIMD', () => {
  it('equals the plain loop row by row, at widths that are not whole groups of four, edges included', () => {
    for (const [width, height] of [
      [37, 9],
      [64, 5],
      [3, 3],
    ]) {
      let state = width;
      const data = Uint8Array.from({ length: width * height * 3 }, () => (state = (state * 69069 + 1) >>> 0) >>> 24);
      const image = { width, height, data };
      const weights: [number, number, number] = [0.4, 0.2, 0.1];
      const simd = simdDetailRows(image, weights, 0.05);
      expect(simd).not.toBeNull();
      const plain = detailRows(image, weights);
      for (let y = 0; y < height; y++) {
        const expected = Array.from(plain(y).values);
        const { values, groups } = simd!(y);
        const actual = Array.from(values);
        expect(actual).toHaveLength(width);
        actual.forEach((v, x) => expect(v).toBeCloseTo(expected[x], 5));
        // The listed groups are those of four pixels with some |detail| of at least 0.05 (a last, partial group
        // may be listed for the padding past the row's end, which the caller does not read).
        const listed = Array.from(groups!.subarray(1, 1 + groups![0]), (offset) => offset / 16);
        const lastGroup = Math.ceil(width / 4) - 1;
        const wanted = Array.from({ length: lastGroup + 1 }, (_, g) => g).filter((g) =>
          expected.slice(g * 4, g * 4 + 4).some((v) => Math.abs(v) >= 0.05),
        );
        const partial = width % 4 !== 0 && !wanted.includes(lastGroup) ? [lastGroup] : [];
        expect(listed.filter((g) => !partial.includes(g))).toEqual(wanted);
      }
    }
  });
});
