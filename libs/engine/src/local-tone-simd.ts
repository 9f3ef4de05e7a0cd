import { LUMA_B, LUMA_G, LUMA_R, SHOULDER } from './color';
import {
  ADD,
  AND,
  BITSELECT,
  CONVERT_S,
  DIV,
  END,
  F32,
  F32_ADD,
  F32_LOAD,
  F32_MUL,
  F32_STORE,
  F32_SUB,
  GT,
  I32,
  I32X4_LANE,
  I32X4_TRUNC_SAT_U,
  I32_ADD,
  I32_LOAD,
  IF,
  LE,
  LT,
  MAX,
  MIN,
  MUL,
  NARROW_I16,
  NARROW_I32,
  REPLACE,
  SHL,
  SPLAT,
  SQRT,
  SUB,
  SWIZZLE,
  TRUNC_S,
  V128,
  V128_CONST,
  V128_LOAD,
  V128_STORE,
  addTo,
  compileOnce,
  f32Const,
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
 * The classical path's fused full-resolution pass (`applyLocalTone` with a guide and per-channel tables) with
 * WebAssembly SIMD, four pixels a step: the same arithmetic in float32, the branches as lane selects, the table
 * lookups gathered lane by lane. Results agree with the JavaScript loop within a level.
 *
 * Fixed memory (bytes): the three per-channel tables (256 f32 each, code / 255 after the channel's curve), the base
 * curve (CURVE_STEPS + 2 f32) and the darkening ratios (DARKEN_STEPS + 1 f32); then the per-call buffers.
 */
export const CURVE_STEPS = 4096;
export const DARKEN_STEPS = 4096;
const UNIT = 0;
const CURVE = 3 * 1024;
const DARKEN = CURVE + (CURVE_STEPS + 2) * 4;
const BUFFERS = DARKEN + (DARKEN_STEPS + 4) * 4;

/** R0..R3 G0..G3 B0..B3 (bytes 0-11 after narrowing) back to R0 G0 B0 R1 G1 B1 ... */
const INTERLEAVE = [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15];

// coefficients(x0, fx, aRow, bRow, ca, cb, end): per column, the base layer's a and b interpolated along the row.
const [CX0, CFX, AROW, BROW, CA_OUT, CB_OUT, CEND] = [0, 1, 2, 3, 4, 5, 6];
const [CI, CO] = [7, 8];
const [CW] = [9];
const lerpRow = (row: number) => [
  ...get(row),
  ...get(CO),
  ...I32_ADD,
  ...F32_LOAD(),
  ...get(row),
  ...get(CO),
  ...I32_ADD,
  ...F32_LOAD(4),
  ...get(row),
  ...get(CO),
  ...I32_ADD,
  ...F32_LOAD(),
  ...F32_SUB,
  ...get(CW),
  ...F32_MUL,
  ...F32_ADD,
];
const COEFFICIENTS_BODY = [
  ...i32Const(0),
  ...set(CI),
  ...loopBelow(CI, get(CEND), i32Const(4), [
    ...get(CX0),
    ...get(CI),
    ...I32_ADD,
    ...I32_LOAD(),
    ...set(CO),
    ...get(CFX),
    ...get(CI),
    ...I32_ADD,
    ...F32_LOAD(),
    ...set(CW),
    ...get(CA_OUT),
    ...get(CI),
    ...I32_ADD,
    ...lerpRow(AROW),
    ...F32_STORE(),
    ...get(CB_OUT),
    ...get(CI),
    ...I32_ADD,
    ...lerpRow(BROW),
    ...F32_STORE(),
  ]),
];

// tone(rgb, out, ca, cb, bytes, darken, gain, vibrance): every group of four pixels of a row, `bytes` = 16 per group.
const [RGB, OUT, CA, CB, BYTES, DARKENING, GAIN, VIBRANCE] = [0, 1, 2, 3, 4, 5, 6, 7];
const [X] = [8];
let nextLocal = 9;
const v = () => nextLocal++;
const [R, G, B, Y, T, BASE, K0, RAW, TARGET, START, HEAD, EXC, RATIO, MAXC, MINC, CHROMA, DR, DG, DB, HIGH, LOW] =
  Array.from({ length: 21 }, v);
const [PIX, IDX, C0, T1, COND] = Array.from({ length: 5 }, v);
const [V_ONE, V_ZERO, V_SHOULDER, V_GAIN, V_VIB, V_HALF, V_STEPS, V_THREE, V_DARK, V_255] = Array.from(
  { length: 10 },
  v,
);
const V128_LOCALS = nextLocal - 9;

const splat = (value: number, local: number) => splatInto(f32Const(value), local);
/** `op` (MAX or MIN) of three v128 locals, left on the stack. */
const ofThree = (op: number[], a: number, b: number, c: number) => [...get(a), ...get(b), ...op, ...get(c), ...op];
/** The f32 at `base` + each lane's byte offset in the i32x4 local `index`, as a vector. */
const gather = (index: number, base: number) => [
  ...get(index),
  ...I32X4_LANE(0),
  ...F32_LOAD(base),
  ...SPLAT,
  ...[1, 2, 3].flatMap((lane) => [...get(index), ...I32X4_LANE(lane), ...F32_LOAD(base), ...REPLACE(lane)]),
];
/** Byte offsets (value · 4) of an i32x4 on the stack into the local `index`. */
const toOffsets = (index: number) => [...i32Const(2), ...SHL, ...set(index)];
/** The shoulder of `raw` from `from` (color.ts), for lanes where raw is above both: left on the stack. */
const shoulderOf = (raw: number, from: number) => [
  ...get(from),
  ...get(V_SHOULDER),
  ...MAX,
  ...set(START),
  ...get(V_ONE),
  ...get(START),
  ...SUB,
  ...set(HEAD),
  ...get(raw),
  ...get(START),
  ...SUB,
  ...set(EXC),
  // start + headroom · excess / (excess + headroom), or 1 where there is no headroom
  ...get(V_ONE),
  ...get(START),
  ...get(HEAD),
  ...get(EXC),
  ...MUL,
  ...get(EXC),
  ...get(HEAD),
  ...ADD,
  ...DIV,
  ...ADD,
  ...get(HEAD),
  ...get(V_ZERO),
  ...LE,
  ...BITSELECT,
];
const mul = (a: number, b: number) => [...get(a), ...get(b), ...MUL];
const TONE_BODY = [
  ...splat(1, V_ONE),
  ...splat(0, V_ZERO),
  ...splat(SHOULDER, V_SHOULDER),
  ...splatInto(get(GAIN), V_GAIN),
  ...splatInto(get(VIBRANCE), V_VIB),
  ...splat(0.5, V_HALF),
  ...splat(CURVE_STEPS, V_STEPS),
  ...splat(3, V_THREE),
  ...splat(0.004, V_DARK),
  ...splat(255, V_255),
  ...i32Const(0),
  ...set(X),
  ...loopBelow(X, get(BYTES), i32Const(16), [
    ...get(RGB),
    ...V128_LOAD(),
    ...set(PIX),
    // r, g, b: each channel's code through its table (0..1)
    ...[R, G, B].flatMap((local, channel) => [
      ...get(PIX),
      ...V128_CONST(rgbChannelMask(channel)),
      ...SWIZZLE,
      ...toOffsets(IDX),
      ...gather(IDX, UNIT + channel * 1024),
      ...set(local),
    ]),
    // y = luma
    ...f32Const(LUMA_R),
    ...SPLAT,
    ...get(R),
    ...MUL,
    ...f32Const(LUMA_G),
    ...SPLAT,
    ...get(G),
    ...MUL,
    ...ADD,
    ...f32Const(LUMA_B),
    ...SPLAT,
    ...get(B),
    ...MUL,
    ...ADD,
    ...set(Y),
    // the darkening: every channel and luma scaled by the ratio at luma
    ...get(DARKENING),
    ...IF,
    ...get(Y),
    ...f32Const(DARKEN_STEPS),
    ...SPLAT,
    ...MUL,
    ...get(V_HALF),
    ...ADD,
    ...TRUNC_S,
    ...toOffsets(IDX),
    ...gather(IDX, DARKEN),
    ...set(T),
    ...[R, G, B, Y].flatMap((local) => [...mul(local, T), ...set(local)]),
    ...END,
    // base = clamp(a·y + b, 0, 1)
    ...get(CA),
    ...get(X),
    ...I32_ADD,
    ...V128_LOAD(),
    ...get(Y),
    ...MUL,
    ...get(CB),
    ...get(X),
    ...I32_ADD,
    ...V128_LOAD(),
    ...ADD,
    ...get(V_ZERO),
    ...MAX,
    ...get(V_ONE),
    ...MIN,
    ...set(BASE),
    // curved = the base curve, interpolated between its steps
    ...get(BASE),
    ...get(V_STEPS),
    ...MUL,
    ...tee(T),
    ...TRUNC_S,
    ...tee(K0),
    ...toOffsets(IDX),
    ...gather(IDX, CURVE),
    ...set(C0),
    ...get(C0),
    ...gather(IDX, CURVE + 4),
    ...get(C0),
    ...SUB,
    ...get(T),
    ...get(K0),
    ...CONVERT_S,
    ...SUB,
    ...MUL,
    ...ADD,
    // raw = curved + gain · (y − base); target = its shoulder where it rises above SHOULDER and the pixel
    ...get(V_GAIN),
    ...get(Y),
    ...get(BASE),
    ...SUB,
    ...MUL,
    ...ADD,
    ...set(RAW),
    ...shoulderOf(RAW, Y),
    ...get(RAW),
    ...get(RAW),
    ...get(V_SHOULDER),
    ...GT,
    ...get(RAW),
    ...get(Y),
    ...GT,
    ...AND,
    ...BITSELECT,
    ...set(TARGET),
    // ratio = min(target / y, 3) where y > 0.004, else 1
    ...get(TARGET),
    ...get(Y),
    ...DIV,
    ...get(V_THREE),
    ...MIN,
    ...get(V_ONE),
    ...get(Y),
    ...get(V_DARK),
    ...GT,
    ...BITSELECT,
    ...set(RATIO),
    // muted = 1 − (max − min) / max where max > 0, else 1
    ...ofThree(MAX, R, G, B),
    ...set(MAXC),
    ...ofThree(MIN, R, G, B),
    ...set(MINC),
    // chroma = (ratio ≤ 1 ? ratio : √ratio) · (1 + vibrance · muted²)
    ...get(RATIO),
    ...get(RATIO),
    ...SQRT,
    ...get(RATIO),
    ...get(V_ONE),
    ...LE,
    ...BITSELECT,
    ...get(V_ONE),
    ...get(MAXC),
    ...get(MINC),
    ...SUB,
    ...get(MAXC),
    ...DIV,
    ...SUB,
    ...get(V_ONE),
    ...get(MAXC),
    ...get(V_ZERO),
    ...GT,
    ...BITSELECT,
    ...tee(T),
    ...get(T),
    ...MUL,
    ...get(V_VIB),
    ...MUL,
    ...get(V_ONE),
    ...ADD,
    ...MUL,
    ...set(CHROMA),
    ...[R, G, B].flatMap((local, c) => [...get(local), ...get(Y), ...SUB, ...set([DR, DG, DB][c])]),
    ...ofThree(MAX, DR, DG, DB),
    ...set(HIGH),
    ...ofThree(MIN, DR, DG, DB),
    ...set(LOW),
    // The brightest channel gets the same shoulder: chroma = max(0, shoulder − target) / high there.
    ...get(TARGET),
    ...mul(HIGH, CHROMA),
    ...ADD,
    ...set(T1),
    ...get(HIGH),
    ...get(V_ZERO),
    ...GT,
    ...get(T1),
    ...get(V_SHOULDER),
    ...GT,
    ...AND,
    ...get(T1),
    ...get(MAXC),
    ...GT,
    ...AND,
    ...set(COND),
    ...shoulderOf(T1, MAXC),
    ...get(TARGET),
    ...SUB,
    ...get(V_ZERO),
    ...MAX,
    ...get(HIGH),
    ...DIV,
    ...get(CHROMA),
    ...get(COND),
    ...BITSELECT,
    ...set(CHROMA),
    // No channel below black: chroma = min(chroma, target / −low) where target + low · chroma < 0.
    ...get(CHROMA),
    ...get(TARGET),
    ...get(V_ZERO),
    ...get(LOW),
    ...SUB,
    ...DIV,
    ...MIN,
    ...get(CHROMA),
    ...get(LOW),
    ...get(V_ZERO),
    ...LT,
    ...get(TARGET),
    ...mul(LOW, CHROMA),
    ...ADD,
    ...get(V_ZERO),
    ...LT,
    ...AND,
    ...BITSELECT,
    ...set(CHROMA),
    // out = (target + d · chroma) · 255 + 0.5, saturated to 0..255, interleaved back to RGB
    ...get(OUT),
    ...[DR, DG, DB].flatMap((d) => [
      ...get(TARGET),
      ...mul(d, CHROMA),
      ...ADD,
      ...get(V_255),
      ...MUL,
      ...get(V_HALF),
      ...ADD,
      ...I32X4_TRUNC_SAT_U,
    ]),
    ...set(T),
    ...NARROW_I32,
    ...get(T),
    ...get(T),
    ...NARROW_I32,
    ...NARROW_I16,
    ...V128_CONST(INTERLEAVE),
    ...SWIZZLE,
    ...V128_STORE(),
    ...addTo(RGB, i32Const(12)),
    ...addTo(OUT, i32Const(12)),
  ]),
];

const MODULE = wasmModule([
  {
    name: 'coefficients',
    params: [I32, I32, I32, I32, I32, I32, I32],
    locals: [
      [2, I32],
      [1, F32],
    ],
    body: COEFFICIENTS_BODY,
  },
  {
    name: 'tone',
    params: [I32, I32, I32, I32, I32, I32, F32, F32],
    locals: [
      [1, I32],
      [V128_LOCALS, V128],
    ],
    body: TONE_BODY,
  },
]);

interface Exports {
  coefficients(x0: number, fx: number, aRow: number, bRow: number, ca: number, cb: number, end: number): void;
  tone(
    rgb: number,
    out: number,
    ca: number,
    cb: number,
    bytes: number,
    darken: number,
    gain: number,
    vibrance: number,
  ): void;
}

const compiledModule = compileOnce(MODULE);

export interface ToneTables {
  /** Per channel, each code's value in 0..1 after its curve. */
  unit: [Float64Array, Float64Array, Float64Array];
  /** The base curve at CURVE_STEPS + 2 points, and the darkening ratios at DARKEN_STEPS + 1 (null: none). */
  curve: Float32Array;
  darken: Float32Array | null;
  gain: number;
  vibrance: number;
  /** Per column: the grid column left of it and the fraction towards the next. */
  x0: Int32Array;
  fx: Float32Array;
}

/**
 * A renderer of the pass row by row: `row(y, aRow, bRow)` renders row y of `data` in place from the base layer's
 * coefficients interpolated for that row (gw + 1 values, the last repeating the one before). Null where WebAssembly
 * SIMD is missing.
 */
export const simdToneRows = (
  data: Uint8Array,
  width: number,
  gridWidth: number,
  tables: ToneTables,
): ((y: number, aRow: Float32Array, bRow: Float32Array) => void) | null => {
  const module = compiledModule();
  if (!module) return null;
  const padded = Math.ceil(width / 4) * 4;
  const x0 = BUFFERS;
  const fx = x0 + padded * 4;
  const aRow = fx + padded * 4;
  const bRow = aRow + (gridWidth + 4) * 4;
  const ca = bRow + (gridWidth + 4) * 4;
  const cb = ca + padded * 4;
  const rgb = cb + padded * 4;
  const out = rgb + padded * 3 + 16;
  const size = out + padded * 3 + 16;
  const memory = new WebAssembly.Memory({ initial: Math.ceil(size / 65536) });
  const kernels = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as Exports;
  const { buffer } = memory;
  tables.unit.forEach((table, c) => new Float32Array(buffer, UNIT + c * 1024, 256).set(table));
  new Float32Array(buffer, CURVE, CURVE_STEPS + 2).set(tables.curve);
  if (tables.darken) new Float32Array(buffer, DARKEN, DARKEN_STEPS + 1).set(tables.darken);
  new Int32Array(buffer, x0, width).set(tables.x0.map((column) => column * 4));
  new Float32Array(buffer, fx, width).set(tables.fx);
  const bytes = new Uint8Array(buffer);
  const aView = new Float32Array(buffer, aRow, gridWidth + 1);
  const bView = new Float32Array(buffer, bRow, gridWidth + 1);
  const rowBytes = width * 3;
  return (y, a, b) => {
    aView.set(a.subarray(0, gridWidth + 1));
    bView.set(b.subarray(0, gridWidth + 1));
    kernels.coefficients(x0, fx, aRow, bRow, ca, cb, width * 4);
    const start = y * rowBytes;
    bytes.set(data.subarray(start, start + rowBytes), rgb);
    kernels.tone(rgb, out, ca, cb, padded * 4, tables.darken ? 1 : 0, tables.gain, tables.vibrance);
    data.set(bytes.subarray(out, out + rowBytes), start);
  };
};
