import { LUMA_B, LUMA_G, LUMA_R } from './color';
import type { RgbImage } from './rgb-image';
import { kernelModule } from './wasm-kernels';

/**
 * The unsharp mask's arithmetic with WebAssembly SIMD (`libs/engine/assembly/unsharp.ts`), four pixels an
 * instruction: luma rows from interleaved RGB, the separable 5-tap Gaussian and the detail (luma minus its blur). The
 * mask's decisions per pixel (thresholds, bounds, shoulders) stay in `stages/sharpen.ts`, which reads each row's
 * detail from here.
 */
interface Exports {
  luma(rgb: number, out: number, outEnd: number, kr: number, kg: number, kb: number): void;
  detail(
    top2: number,
    top1: number,
    centre: number,
    bottom1: number,
    bottom2: number,
    vertical: number,
    detail: number,
    bytes: number,
    widthBytes: number,
    groups: number,
    w0: number,
    w1: number,
    w2: number,
    least: number,
  ): void;
}

/**
 * A row's detail (luma minus its Gaussian blur, 0..1 luma) and, when known, where it may matter: the count, then the
 * first x of each group of four pixels with some |detail| of at least the `least` asked for (null: look at all).
 */
export interface Detail {
  values: Float32Array;
  groups: Int32Array | null;
}

/** Each row's detail, asked for in order from the first row. */
export type DetailRow = (y: number) => Detail;

/**
 * The detail rows of `image` for the blur weights (centre, ±1, ±2), with the groups where |detail| reaches `least`,
 * or null where WebAssembly SIMD is missing. Row y reads the image's rows up to y + 2, so the caller may change row y
 * in place once it has its detail.
 */
export const simdDetailRows = (
  image: RgbImage,
  [w0, w1, w2]: [number, number, number],
  least: number,
): DetailRow | null => {
  const module = kernelModule('unsharp');
  if (!module) return null;
  const { width, height, data } = image;
  // Rows are padded to whole groups of four pixels, plus room for the blur's two pixels on each side.
  const padded = Math.ceil(width / 4) * 4;
  const rowBytes = (padded + 8) * 4;
  const ring = 0;
  const vertical = ring + 5 * rowBytes;
  const detail = vertical + rowBytes;
  const groups = detail + rowBytes;
  const rgb = groups + (padded + 4) * 4;
  const size = rgb + padded * 3 + 16;
  const memory = new WebAssembly.Memory({ initial: Math.ceil(size / 65536) });
  const kernels = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as Exports;
  const bytes = new Uint8Array(memory.buffer);
  const result: Detail = {
    values: new Float32Array(memory.buffer, detail, width),
    groups: new Int32Array(memory.buffer, groups, padded / 4 + 1),
  };
  const loaded = new Int32Array(5).fill(-1);
  const rowAt = (y: number): number => {
    const row = y < 0 ? 0 : y >= height ? height - 1 : y;
    const slot = row % 5;
    const address = ring + slot * rowBytes;
    if (loaded[slot] !== row) {
      bytes.set(data.subarray(row * width * 3, (row + 1) * width * 3), rgb);
      kernels.luma(rgb, address, address + padded * 4, LUMA_R / 255, LUMA_G / 255, LUMA_B / 255);
      loaded[slot] = row;
    }
    return address;
  };
  return (y) => {
    // The farthest row first: every row the blur needs is read before the caller writes row y.
    const bottom2 = rowAt(y + 2);
    const bottom1 = rowAt(y + 1);
    const top2 = rowAt(y - 2);
    const top1 = rowAt(y - 1);
    const centre = rowAt(y);
    kernels.detail(
      top2,
      top1,
      centre,
      bottom1,
      bottom2,
      vertical,
      detail,
      padded * 4,
      width * 4,
      groups,
      w0,
      w1,
      w2,
      least,
    );
    return result;
  };
};
