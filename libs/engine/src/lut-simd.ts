import type { Lut3d } from './lut3d';
import {
  ADD,
  F32_LOAD,
  I32,
  I32X4_LANE,
  I32X4_TRUNC_SAT_U,
  I32_ADD,
  I32_LOAD,
  I32_LOAD8_U,
  I32_SHL,
  I32_STORE8,
  MUL,
  SUB,
  V128,
  V128_LOAD,
  f32Const,
  get,
  i32Const,
  loopBelow,
  set,
  splatInto,
  tee,
  wasmModule,
} from './wasm-assembler';

/**
 * The 3D LUT applied to 8-bit RGB pixels with WebAssembly SIMD: a pixel's three channels are one f32x4, so each of
 * the seven interpolations of a trilinear lookup is one instruction instead of three. About four times faster than
 * the JavaScript loop (450 ms for 12 MP on one core); the results agree within one level (float32 arithmetic
 * throughout, where JavaScript interpolates in float64).
 *
 * Memory layout (bytes): per-code node offsets along red, green and blue (256 i32 each) and per-code fractions (256
 * f32), then the table with each node padded to four floats, then a buffer the pixels pass through in chunks.
 */
const OFFSET_R = 0;
const OFFSET_G = 1024;
const OFFSET_B = 2048;
const FRACTION = 3072;
const TABLE = 4096;
/** Pixels per chunk copied through the module's memory (768 KB of RGB): the memory stays small for any photo. */
const CHUNK_PIXELS = 1 << 18;

// lut(start, end): every pixel from byte `start` to `end`, in place. Locals after the two parameters.
const [P, END_AT, R, G, B, BASE] = [0, 1, 2, 3, 4, 5];
const [DR, DG, DB, C00, C10, C01, C11, C0, TMP, HALF] = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

const kernelBody = (size: number) => {
  const gStride = size * 16;
  const bStride = size * size * 16;
  /** a + (b − a)·t with a and b two table nodes at constant offsets from BASE and t a splatted fraction. */
  const lerpNodes = (a: number, b: number, t: number) => [
    ...get(BASE),
    ...V128_LOAD(TABLE + a),
    ...tee(TMP),
    ...get(BASE),
    ...V128_LOAD(TABLE + b),
    ...get(TMP),
    ...SUB,
    ...get(t),
    ...MUL,
    ...ADD,
  ];
  const lerp = (a: number, b: number, t: number) => [
    ...get(a),
    ...get(b),
    ...get(a),
    ...SUB,
    ...get(t),
    ...MUL,
    ...ADD,
  ];
  const code = (channel: number, local: number) => [...get(P), ...I32_LOAD8_U(channel), ...set(local)];
  const tableAt = (local: number, load: (offset: number) => number[], offset: number) => [
    ...get(local),
    ...i32Const(2),
    ...I32_SHL,
    ...load(offset),
  ];
  const store = (channel: number, value: number) => [
    ...get(P),
    ...get(value),
    ...I32X4_LANE(channel),
    ...I32_STORE8(channel),
  ];
  const OUT = C0; // reused once C0 is consumed
  return [
    ...splatInto(f32Const(0.5), HALF),
    ...loopBelow(P, get(END_AT), i32Const(3), [
      ...code(0, R),
      ...code(1, G),
      ...code(2, B),
      ...tableAt(R, I32_LOAD, OFFSET_R),
      ...tableAt(G, I32_LOAD, OFFSET_G),
      ...I32_ADD,
      ...tableAt(B, I32_LOAD, OFFSET_B),
      ...I32_ADD,
      ...set(BASE),
      ...splatInto(tableAt(R, F32_LOAD, FRACTION), DR),
      ...splatInto(tableAt(G, F32_LOAD, FRACTION), DG),
      ...splatInto(tableAt(B, F32_LOAD, FRACTION), DB),
      ...lerpNodes(0, 16, DR),
      ...set(C00),
      ...lerpNodes(gStride, gStride + 16, DR),
      ...set(C10),
      ...lerpNodes(bStride, bStride + 16, DR),
      ...set(C01),
      ...lerpNodes(gStride + bStride, gStride + bStride + 16, DR),
      ...set(C11),
      ...lerp(C00, C10, DG),
      ...set(C0),
      ...lerp(C01, C11, DG),
      ...set(C11),
      // out = c0 + (c1 − c0)·db, rounded: +0.5 and truncated (the values are within 0..255)
      ...lerp(C0, C11, DB),
      ...get(HALF),
      ...ADD,
      ...I32X4_TRUNC_SAT_U,
      ...set(OUT),
      ...store(0, OUT),
      ...store(1, OUT),
      ...store(2, OUT),
    ]),
  ];
};

interface LutKernel {
  memory: WebAssembly.Memory;
  lut(start: number, end: number): void;
}

const kernels = new Map<number, LutKernel | null>();

/** The kernel for a LUT size (the node strides are immediates), built once; null where wasm SIMD is missing. */
const kernelFor = (size: number): LutKernel | null => {
  if (kernels.has(size)) return kernels.get(size) ?? null;
  const bytes = wasmModule([
    {
      name: 'lut',
      params: [I32, I32],
      locals: [
        [4, I32],
        [10, V128],
      ],
      body: kernelBody(size),
    },
  ]);
  let kernel: LutKernel | null = null;
  if (WebAssembly.validate(bytes)) {
    const pages = Math.ceil((TABLE + size ** 3 * 16 + CHUNK_PIXELS * 3) / 65536);
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } });
    kernel = { memory, lut: (instance.exports as { lut: LutKernel['lut'] }).lut };
  }
  kernels.set(size, kernel);
  return kernel;
};

/**
 * Applies `lut` to interleaved 8-bit RGB `data` in place with the SIMD kernel. Returns false (and leaves `data`
 * untouched) where WebAssembly SIMD is not available, for the caller's own loop.
 */
export const applyLutSimd = (data: Uint8Array, lut: Lut3d): boolean => {
  const { size, table } = lut;
  const kernel = kernelFor(size);
  if (!kernel) return false;
  const { buffer } = kernel.memory;
  const offsets = new Int32Array(buffer, 0, 768);
  const fractions = new Float32Array(buffer, FRACTION, 256);
  for (let v = 0; v < 256; v++) {
    const f = (v * (size - 1)) / 255;
    const index = Math.min(Math.floor(f), size - 2);
    offsets[OFFSET_R / 4 + v] = index * 16;
    offsets[OFFSET_G / 4 + v] = index * size * 16;
    offsets[OFFSET_B / 4 + v] = index * size * size * 16;
    fractions[v] = f - index;
  }
  const nodes = new Float32Array(buffer, TABLE, size ** 3 * 4);
  for (let n = 0, t = 0; t < table.length; n += 4, t += 3) {
    nodes[n] = table[t];
    nodes[n + 1] = table[t + 1];
    nodes[n + 2] = table[t + 2];
  }
  const pixelsAt = TABLE + size ** 3 * 16;
  const pixels = new Uint8Array(buffer, pixelsAt, CHUNK_PIXELS * 3);
  const usable = data.length - (data.length % 3);
  for (let start = 0; start < usable; start += CHUNK_PIXELS * 3) {
    const chunk = data.subarray(start, Math.min(usable, start + CHUNK_PIXELS * 3));
    pixels.set(chunk);
    kernel.lut(pixelsAt, pixelsAt + chunk.length);
    chunk.set(pixels.subarray(0, chunk.length));
  }
  return true;
};
