import { LUMA_B, LUMA_G, LUMA_R } from './color';
import { applyLutSimd } from './lut-simd';
import type { RgbImage } from './rgb-image';

/** A colour lookup table: `size`^3 nodes over 8-bit RGB, each holding an output RGB in 0..255 (red fastest). */
export interface Lut3d {
  size: number;
  table: Float32Array;
}

export const LUT_SIZE = 33;
/** How strongly empty or sparsely sampled nodes follow their neighbours rather than their own samples. */
const SMOOTHNESS = 0.5;
const SOLVER_ROUNDS = 60;

/**
 * Fits the LUT that best maps `source` pixels to `target` pixels (same size): each pixel pair is splatted onto its
 * eight surrounding nodes as an offset, and a smoothness term spreads offsets into colours the photo lacks, so
 * the table stays close to identity-plus-a-smooth-change everywhere and cannot invent posterisation.
 */
export const fitLut = (source: RgbImage, target: RgbImage, size = LUT_SIZE): Lut3d => {
  const nodes = size * size * size;
  const weight = new Float32Array(nodes);
  const sum = new Float32Array(nodes * 3);
  const scale = (size - 1) / 255;
  const src = source.data;
  const dst = target.data;
  for (let i = 0; i < src.length; i += 3) {
    const fr = src[i] * scale;
    const fg = src[i + 1] * scale;
    const fb = src[i + 2] * scale;
    const r0 = Math.min(Math.floor(fr), size - 2);
    const g0 = Math.min(Math.floor(fg), size - 2);
    const b0 = Math.min(Math.floor(fb), size - 2);
    const dr = fr - r0;
    const dg = fg - g0;
    const db = fb - b0;
    const or = dst[i] - src[i];
    const og = dst[i + 1] - src[i + 1];
    const ob = dst[i + 2] - src[i + 2];
    for (let corner = 0; corner < 8; corner++) {
      const cr = corner & 1;
      const cg = (corner >> 1) & 1;
      const cb = (corner >> 2) & 1;
      const w = (cr ? dr : 1 - dr) * (cg ? dg : 1 - dg) * (cb ? db : 1 - db);
      if (w === 0) continue;
      const node = r0 + cr + (g0 + cg) * size + (b0 + cb) * size * size;
      weight[node] += w;
      sum[node * 3] += w * or;
      sum[node * 3 + 1] += w * og;
      sum[node * 3 + 2] += w * ob;
    }
  }
  // Jacobi iterations of: (w + lambda * neighbours) o = sum + lambda * sum(neighbour o).
  let offset = new Float32Array(nodes * 3);
  let next = new Float32Array(nodes * 3);
  for (let n = 0; n < nodes; n++)
    if (weight[n] > 0) for (let c = 0; c < 3; c++) offset[n * 3 + c] = sum[n * 3 + c] / weight[n];
  // Each node's denominator is the same every round: its weight and its count of neighbours.
  const plane = size * size;
  const strides = Int32Array.of(1, size, plane);
  const denominators = new Float64Array(nodes);
  for (let n = 0; n < nodes; n++) {
    const coordinates = [n % size, Math.floor(n / size) % size, Math.floor(n / plane)];
    const neighbours = coordinates.reduce((total, c) => total + (c > 0 ? 1 : 0) + (c < size - 1 ? 1 : 0), 0);
    denominators[n] = weight[n] + SMOOTHNESS * neighbours;
  }
  // One channel of an inner node's six neighbours (red −1, +1, green −1, +1, blue −1, +1), `o` its own entry.
  const sg = size * 3;
  const sb = plane * 3;
  const sixNeighbours = (values: Float32Array, o: number) =>
    values[o - 3] + values[o + 3] + values[o - sg] + values[o + sg] + values[o - sb] + values[o + sb];
  for (let round = 0; round < SOLVER_ROUNDS; round++) {
    for (let b = 0; b < size; b++) {
      for (let g = 0; g < size; g++) {
        const inside = b > 0 && b < size - 1 && g > 0 && g < size - 1;
        for (let r = 0; r < size; r++) {
          const n = r + g * size + b * plane;
          const m = n * 3;
          let nr = 0;
          let ng = 0;
          let nb = 0;
          if (inside && r > 0 && r < size - 1) {
            // Most nodes: all six neighbours, summed in the order of the general case below.
            nr = sixNeighbours(offset, m);
            ng = sixNeighbours(offset, m + 1);
            nb = sixNeighbours(offset, m + 2);
          } else {
            // Border nodes: the neighbours that exist (red −1, +1, green −1, +1, blue −1, +1).
            for (let k = 0; k < 6; k++) {
              const axis = k >> 1;
              const coordinate = axis === 0 ? r : axis === 1 ? g : b;
              const up = k & 1;
              if (up ? coordinate === size - 1 : coordinate === 0) continue;
              const o = (n + (up ? strides[axis] : -strides[axis])) * 3;
              nr += offset[o];
              ng += offset[o + 1];
              nb += offset[o + 2];
            }
          }
          const denominator = denominators[n];
          next[m] = (sum[m] + SMOOTHNESS * nr) / denominator;
          next[m + 1] = (sum[m + 1] + SMOOTHNESS * ng) / denominator;
          next[m + 2] = (sum[m + 2] + SMOOTHNESS * nb) / denominator;
        }
      }
    }
    [offset, next] = [next, offset];
  }
  const table = new Float32Array(nodes * 3);
  const step = 255 / (size - 1);
  for (let b = 0; b < size; b++)
    for (let g = 0; g < size; g++)
      for (let r = 0; r < size; r++) {
        const n = r + g * size + b * size * size;
        table[n * 3] = Math.min(255, Math.max(0, r * step + offset[n * 3]));
        table[n * 3 + 1] = Math.min(255, Math.max(0, g * step + offset[n * 3 + 1]));
        table[n * 3 + 2] = Math.min(255, Math.max(0, b * step + offset[n * 3 + 2]));
      }
  return { size, table };
};

/** Trilinear interpolation of the LUT cell whose first entry is at p000, at fractions (dr, dg, db), into `out`. */
export const lutCell = (lut: Lut3d, p000: number, dr: number, dg: number, db: number, out: Float32Array): void => {
  const { size, table } = lut;
  const gStride = size * 3;
  const bStride = size * size * 3;
  const p010 = p000 + gStride;
  const p001 = p000 + bStride;
  const p011 = p010 + bStride;
  for (let c = 0; c < 3; c++) {
    const c00 = table[p000 + c] + (table[p000 + c + 3] - table[p000 + c]) * dr;
    const c10 = table[p010 + c] + (table[p010 + c + 3] - table[p010 + c]) * dr;
    const c01 = table[p001 + c] + (table[p001 + c + 3] - table[p001 + c]) * dr;
    const c11 = table[p011 + c] + (table[p011 + c + 3] - table[p011 + c]) * dr;
    const c0 = c00 + (c10 - c00) * dg;
    out[c] = c0 + (c01 + (c11 - c01) * dg - c0) * db;
  }
};

/** The LUT at a colour given as 0..1 floats (clamped), between its codes, into `out` (0..255 floats). */
export const lutAt = (lut: Lut3d, r: number, g: number, b: number, out: Float32Array): void => {
  const scale = lut.size - 1;
  const fr = (r < 0 ? 0 : r > 1 ? 1 : r) * scale;
  const fg = (g < 0 ? 0 : g > 1 ? 1 : g) * scale;
  const fb = (b < 0 ? 0 : b > 1 ? 1 : b) * scale;
  const ir = Math.min(Math.floor(fr), scale - 1);
  const ig = Math.min(Math.floor(fg), scale - 1);
  const ib = Math.min(Math.floor(fb), scale - 1);
  lutCell(lut, (ir + (ig + ib * lut.size) * lut.size) * 3, fr - ir, fg - ig, fb - ib, out);
};

/**
 * Applies a LUT in place with trilinear interpolation: with the SIMD kernel (`lut-simd.ts`), or where WebAssembly
 * SIMD is missing with this loop, per-code indices precomputed once.
 */
export const applyLut = (image: RgbImage, lut: Lut3d): void => {
  if (applyLutSimd(image.data, lut)) return;
  const { size } = lut;
  const index = new Int32Array(256);
  const fraction = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const f = (v * (size - 1)) / 255;
    index[v] = Math.min(Math.floor(f), size - 2);
    fraction[v] = f - index[v];
  }
  const out = new Float32Array(3);
  const data = image.data;
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    lutCell(lut, (index[r] + (index[g] + index[b] * size) * size) * 3, fraction[r], fraction[g], fraction[b], out);
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(out[c]);
  }
};

/** Mean absolute difference (8-bit levels) between the LUT's rendering of `source` and `target`. */
export const lutResidual = (source: RgbImage, target: RgbImage, lut: Lut3d): number => {
  const copy = { ...source, data: source.data.slice() };
  applyLut(copy, lut);
  let total = 0;
  for (let i = 0; i < copy.data.length; i++) total += Math.abs(copy.data[i] - target.data[i]);
  return total / copy.data.length;
};

/** A new LUT whose every node is passed through per-channel curves (0..1 in, 0..1 out): the LUT then the curves. */
export const composeLut = (
  lut: Lut3d,
  curves: [(v: number) => number, (v: number) => number, (v: number) => number],
) => {
  const table = new Float32Array(lut.table.length);
  for (let i = 0; i < table.length; i += 3)
    for (let c = 0; c < 3; c++) table[i + c] = Math.min(255, Math.max(0, curves[c](lut.table[i + c] / 255) * 255));
  return { size: lut.size, table };
};

/**
 * A new LUT whose every node's luma (0..1) is passed through `curve`, its three channels scaled alike: the LUT then a
 * tone change that keeps each colour's proportions (a curve per channel would shift a dim tinted colour's hue and
 * saturation as it darkens it).
 */
export const composeLutLuma = (lut: Lut3d, curve: (luma: number) => number): Lut3d => {
  const table = new Float32Array(lut.table.length);
  for (let i = 0; i < table.length; i += 3) {
    const luma = (LUMA_R * lut.table[i] + LUMA_G * lut.table[i + 1] + LUMA_B * lut.table[i + 2]) / 255;
    const scale = luma > 0 ? Math.max(0, curve(luma)) / luma : 1;
    for (let c = 0; c < 3; c++) table[i + c] = Math.min(255, lut.table[i + c] * scale);
  }
  return { size: lut.size, table };
};
