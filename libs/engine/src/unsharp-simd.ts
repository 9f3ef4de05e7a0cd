import { LUMA_B, LUMA_G, LUMA_R } from './color';
import type { RgbImage } from './rgb-image';
import {
  ABS,
  ADD,
  BITMASK,
  CONVERT_U,
  F32,
  F32_LOAD,
  F32_STORE,
  GE,
  I32,
  I32_ADD,
  I32_SHR_U,
  I32_STORE,
  IF,
  MUL,
  SUB,
  SWIZZLE,
  V128,
  V128_CONST,
  V128_LOAD,
  V128_STORE,
  addTo,
  compileOnce,
  get,
  i32Const,
  loopBelow,
  rgbChannelMask,
  set,
  splatInto,
  tee,
  wasmModule,
} from './wasm-assembler';

/**
 * The unsharp mask's arithmetic with WebAssembly SIMD, four pixels an instruction: luma rows from interleaved RGB,
 * the separable 5-tap Gaussian and the detail (luma minus its blur). The mask's decisions per pixel (thresholds,
 * bounds, shoulders) stay in `stages/sharpen.ts`, which reads each row's detail from here.
 */

// luma(rgb, out, outEnd, kr, kg, kb): out[x] = kr·R + kg·G + kb·B for four pixels a step.
const [RGB, OUT, OUT_END, KR, KG, KB] = [0, 1, 2, 3, 4, 5];
const [PIXELS, VKR, VKG, VKB] = [6, 7, 8, 9];
const channel = (mask: number[], weight: number) => [
  ...get(PIXELS),
  ...V128_CONST(mask),
  ...SWIZZLE,
  ...CONVERT_U,
  ...get(weight),
  ...MUL,
];
const LUMA_BODY = [
  ...splatInto(get(KR), VKR),
  ...splatInto(get(KG), VKG),
  ...splatInto(get(KB), VKB),
  ...loopBelow(OUT, get(OUT_END), i32Const(16), [
    ...get(OUT),
    ...get(RGB),
    ...V128_LOAD(),
    ...set(PIXELS),
    ...channel(rgbChannelMask(0), VKR),
    ...channel(rgbChannelMask(1), VKG),
    ...ADD,
    ...channel(rgbChannelMask(2), VKB),
    ...ADD,
    ...V128_STORE(),
    ...addTo(RGB, i32Const(12)),
  ]),
];

// detail(top2, top1, centre, bottom1, bottom2, vertical, detail, bytes, widthBytes, groups, w0, w1, w2, least): the
// vertical pass into vertical[2..], its edges repeated, then detail[x] = centre[x] − the horizontal pass; and the
// byte offsets of the groups of four with a |detail| of at least `least`, listed after their count at `groups`.
const [T2, T1, C, B1, B2, VERT, DETAIL, BYTES, WIDTH_BYTES, GROUPS] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const [W0, W1, W2, LEAST] = [10, 11, 12, 13];
const [X, AT, COUNT, VW0, VW1, VW2, VLEAST, D] = [14, 15, 16, 17, 18, 19, 20, 21];

const at = (row: number) => [...get(row), ...get(X), ...I32_ADD, ...V128_LOAD()];
const overRow = (step: number[]) => [...i32Const(0), ...set(X), ...loopBelow(X, get(BYTES), i32Const(16), [...step])];
/** vertical[to] = vertical[from] (float indices from the start of the row buffer, `base` a byte address local). */
const copyFloat = (base: number[], from: number, to: number) => [
  ...base,
  ...base,
  ...F32_LOAD(from * 4),
  ...F32_STORE(to * 4),
];
const DETAIL_BODY = [
  ...i32Const(0),
  ...set(COUNT),
  ...splatInto(get(LEAST), VLEAST),
  ...splatInto(get(W0), VW0),
  ...splatInto(get(W1), VW1),
  ...splatInto(get(W2), VW2),
  ...overRow([
    ...get(VERT),
    ...get(X),
    ...I32_ADD,
    ...at(C),
    ...get(VW0),
    ...MUL,
    ...at(T1),
    ...at(B1),
    ...ADD,
    ...get(VW1),
    ...MUL,
    ...ADD,
    ...at(T2),
    ...at(B2),
    ...ADD,
    ...get(VW2),
    ...MUL,
    ...ADD,
    ...V128_STORE(8),
  ]),
  // vertical[0] = vertical[1] = vertical[2]; vertical[w + 2] = vertical[w + 3] = vertical[w + 1]
  ...copyFloat(get(VERT), 2, 0),
  ...copyFloat(get(VERT), 2, 1),
  ...get(VERT),
  ...get(WIDTH_BYTES),
  ...I32_ADD,
  ...set(AT),
  ...copyFloat(get(AT), 1, 2),
  ...copyFloat(get(AT), 1, 3),
  ...overRow([
    ...get(DETAIL),
    ...get(X),
    ...I32_ADD,
    ...at(C),
    ...get(VERT),
    ...get(X),
    ...I32_ADD,
    ...tee(AT),
    ...V128_LOAD(8),
    ...get(VW0),
    ...MUL,
    ...get(AT),
    ...V128_LOAD(4),
    ...get(AT),
    ...V128_LOAD(12),
    ...ADD,
    ...get(VW1),
    ...MUL,
    ...ADD,
    ...get(AT),
    ...V128_LOAD(0),
    ...get(AT),
    ...V128_LOAD(16),
    ...ADD,
    ...get(VW2),
    ...MUL,
    ...ADD,
    ...SUB,
    ...tee(D),
    ...V128_STORE(),
    // A group where some |detail| reaches `least` is listed: count += 1, groups[count] = x.
    ...get(D),
    ...ABS,
    ...get(VLEAST),
    ...GE,
    ...BITMASK,
    ...IF,
    ...get(COUNT),
    ...i32Const(4),
    ...I32_ADD,
    ...tee(COUNT),
    ...get(GROUPS),
    ...I32_ADD,
    ...get(X),
    ...I32_STORE(),
    0x0b,
  ]),
  ...get(GROUPS),
  ...get(COUNT),
  ...i32Const(2),
  ...I32_SHR_U,
  ...I32_STORE(),
];

const MODULE = wasmModule([
  { name: 'luma', params: [I32, I32, I32, F32, F32, F32], locals: [[4, V128]], body: LUMA_BODY },
  {
    name: 'detail',
    params: [I32, I32, I32, I32, I32, I32, I32, I32, I32, I32, F32, F32, F32, F32],
    locals: [
      [3, I32],
      [5, V128],
    ],
    body: DETAIL_BODY,
  },
]);

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

const compiledModule = compileOnce(MODULE);

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
  const module = compiledModule();
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
