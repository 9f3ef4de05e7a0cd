/**
 * The fused GELU and layer normalisation as WebAssembly SIMD functions working on the TensorFlow.js wasm backend's
 * own memory, four values an instruction. Plain JavaScript takes about 10 ns a value for the GELU (the float64
 * rational tanh) and 3.5 for the normalisation, which made the fused kernels slower than the graph kernels they
 * replace; these loops take a fraction of that.
 *
 * The module is written as bytes (`wasm-assembler.ts`). Every pointer is a byte offset into the imported memory;
 * `bytes` is a multiple of 16 and `channelBytes` the length of a row of the last axis, a multiple of 16 (channels a
 * multiple of four):
 * - gelu(x, bias, out, bytes, channelBytes): out = GELU(x + bias), the bias along the last axis;
 * - layerNorm(x, gamma, beta, out, bytes, channelBytes, recip, epsilon): see `layer-norm-kernel.ts`;
 * - copyRuns(source, sourceStride, target, targetStride, runBytes, runs): strided copies of runs a multiple of 16
 *   bytes, for the channel slices and concatenations (`channel-slice-kernel.ts`, `channel-concat-kernel.ts`).
 */

import {
  ADD,
  DIV,
  END,
  F32,
  F32_ADD,
  F32_DIV,
  F32_MAX,
  F32_MUL,
  F32_SQRT,
  F32_SUB,
  I32,
  I32_ADD,
  I32_EQ,
  I32_MUL,
  IF,
  MAX,
  MIN,
  MUL,
  SUB,
  V128,
  V128_LOAD,
  V128_STORE,
  V128_ZERO,
  addTo,
  f32Const,
  get,
  i32Const,
  lane,
  loopBelow,
  set,
  splatInto,
  tee,
  wasmModule,
} from '../wasm-assembler';

// GELU. Locals: the five i32 parameters, two i32 counters, then v128 values and splatted constants.
const [X, BIAS, OUT, BYTES, CHANNEL_BYTES, I, C] = [0, 1, 2, 3, 4, 5, 6];
const [V, T, T2] = [7, 8, 9];
const CONSTANTS_FROM = 10;

// Beyond ±LIMIT tanh rounds to ±1 in float32; the rational below is the one Eigen and XNNPACK use.
const LIMIT = 7.90531110763549805;
const P = [
  -2.76076847742355e-16, 2.00018790482477e-13, -8.60467152213735e-11, 5.12229709037114e-8, 1.48572235717979e-5,
  6.37261928875436e-4, 4.89352455891786e-3,
];
const Q = [1.19825839466702e-6, 1.18534705686654e-4, 2.268434632439e-3, 4.89352518554385e-3];
const CONSTANTS = [LIMIT, -LIMIT, 0.044715, Math.sqrt(2 / Math.PI), 0.5, 1, ...P, ...Q];
const k = (index: number) => get(CONSTANTS_FROM + index);
const [K_LIMIT, K_NEG_LIMIT, K_CUBIC, K_SCALE, K_HALF, K_ONE] = [0, 1, 2, 3, 4, 5];
const K_P = 6;
const K_Q = 6 + P.length;

/** Horner's rule in t² over splatted coefficients, leaving the value on the stack. */
const horner = (first: number, count: number) => {
  const code = [...get(T2), ...k(first), ...MUL, ...k(first + 1), ...ADD];
  for (let i = first + 2; i < first + count; i++) code.push(...get(T2), ...MUL, ...k(i), ...ADD);
  return code;
};

const GELU_LOCALS: [number, number][] = [
  [2, I32],
  [3 + CONSTANTS.length, V128],
];
const GELU_BODY = [
  ...CONSTANTS.flatMap((value, index) => splatInto(f32Const(value), CONSTANTS_FROM + index)),
  ...loopBelow(I, get(BYTES), i32Const(16), [
    // Address of the result first: the store takes (address, value).
    ...get(OUT),
    ...get(I),
    ...I32_ADD,
    // v = x + bias
    ...get(X),
    ...get(I),
    ...I32_ADD,
    ...V128_LOAD(),
    ...get(BIAS),
    ...get(C),
    ...I32_ADD,
    ...V128_LOAD(),
    ...ADD,
    ...set(V),
    // t = clamp(√(2/π) (v + 0.044715 v³))
    ...get(V),
    ...get(V),
    ...MUL,
    ...get(V),
    ...MUL,
    ...k(K_CUBIC),
    ...MUL,
    ...get(V),
    ...ADD,
    ...k(K_SCALE),
    ...MUL,
    ...k(K_LIMIT),
    ...MIN,
    ...k(K_NEG_LIMIT),
    ...MAX,
    ...tee(T),
    ...get(T),
    ...MUL,
    ...set(T2),
    // tanh(t) = t P(t²) / Q(t²); out = 0.5 v (1 + tanh)
    ...horner(K_P, P.length),
    ...get(T),
    ...MUL,
    ...horner(K_Q, Q.length),
    ...DIV,
    ...k(K_ONE),
    ...ADD,
    ...get(V),
    ...MUL,
    ...k(K_HALF),
    ...MUL,
    ...V128_STORE(),
    // c += 16, back to 0 at the end of a row of channels (i += 16 after the body)
    ...get(C),
    ...i32Const(16),
    ...I32_ADD,
    ...tee(C),
    ...get(CHANNEL_BYTES),
    ...I32_EQ,
    ...IF,
    ...i32Const(0),
    ...set(C),
    ...END,
  ]),
];

// Layer normalisation. Locals: the six i32 and two f32 parameters, two i32 counters, v128 sums and values, f32 scalars.
const [LX, GAMMA, BETA, LOUT, LBYTES, LCHANNEL_BYTES, RECIP, EPSILON] = [0, 1, 2, 3, 4, 5, 6, 7];
const [ROW, LC] = [8, 9];
const [SUM, SQUARES, LV, MEAN_V, SCALE_V] = [10, 11, 12, 13, 14];
const [MEAN, SCALE] = [15, 16];
const horizontalSum = (local: number) => [
  ...get(local),
  ...lane(0),
  ...get(local),
  ...lane(1),
  ...F32_ADD,
  ...get(local),
  ...lane(2),
  ...get(local),
  ...lane(3),
  ...F32_ADD,
  ...F32_ADD,
];
/** A loop over the channels of the current row, `c` from 0 in steps of 16 bytes, running `step`. */
const overChannels = (step: number[]) => [
  ...i32Const(0),
  ...set(LC),
  ...loopBelow(LC, get(LCHANNEL_BYTES), i32Const(16), step),
];
const rowAt = (base: number) => [...get(base), ...get(ROW), ...I32_ADD, ...get(LC), ...I32_ADD];

const LAYER_NORM_LOCALS: [number, number][] = [
  [2, I32],
  [5, V128],
  [2, F32],
];
const LAYER_NORM_BODY = [
  ...loopBelow(ROW, get(LBYTES), get(LCHANNEL_BYTES), [
    ...V128_ZERO,
    ...set(SUM),
    ...V128_ZERO,
    ...set(SQUARES),
    ...overChannels([
      ...rowAt(LX),
      ...V128_LOAD(),
      ...tee(LV),
      ...get(SUM),
      ...ADD,
      ...set(SUM),
      ...get(LV),
      ...get(LV),
      ...MUL,
      ...get(SQUARES),
      ...ADD,
      ...set(SQUARES),
    ]),
    // mean = Σx · recip; scale = 1 / sqrt(max(0, Σx² · recip − mean²) + ε)
    ...horizontalSum(SUM),
    ...get(RECIP),
    ...F32_MUL,
    ...set(MEAN),
    ...f32Const(1),
    ...horizontalSum(SQUARES),
    ...get(RECIP),
    ...F32_MUL,
    ...get(MEAN),
    ...get(MEAN),
    ...F32_MUL,
    ...F32_SUB,
    ...f32Const(0),
    ...F32_MAX,
    ...get(EPSILON),
    ...F32_ADD,
    ...F32_SQRT,
    ...F32_DIV,
    ...set(SCALE),
    ...splatInto(get(MEAN), MEAN_V),
    ...splatInto(get(SCALE), SCALE_V),
    // out = (x − mean) · scale · gamma + beta
    ...overChannels([
      ...rowAt(LOUT),
      ...rowAt(LX),
      ...V128_LOAD(),
      ...get(MEAN_V),
      ...SUB,
      ...get(SCALE_V),
      ...MUL,
      ...get(GAMMA),
      ...get(LC),
      ...I32_ADD,
      ...V128_LOAD(),
      ...MUL,
      ...get(BETA),
      ...get(LC),
      ...I32_ADD,
      ...V128_LOAD(),
      ...ADD,
      ...V128_STORE(),
    ]),
  ]),
];

// Strided runs: copyRuns(source, sourceStride, target, targetStride, runBytes, runs) copies `runs` runs of
// `runBytes` (a multiple of 16), the n-th from source + n·sourceStride to target + n·targetStride.
const [SOURCE, SOURCE_STRIDE, TARGET, TARGET_STRIDE, RUN_BYTES, RUNS] = [0, 1, 2, 3, 4, 5];
const [TARGET_END, OFFSET] = [6, 7];
const COPY_RUNS_BODY = [
  ...get(TARGET),
  ...get(TARGET_STRIDE),
  ...get(RUNS),
  ...I32_MUL,
  ...I32_ADD,
  ...set(TARGET_END),
  ...loopBelow(TARGET, get(TARGET_END), get(TARGET_STRIDE), [
    ...i32Const(0),
    ...set(OFFSET),
    ...loopBelow(OFFSET, get(RUN_BYTES), i32Const(16), [
      ...get(TARGET),
      ...get(OFFSET),
      ...I32_ADD,
      ...get(SOURCE),
      ...get(OFFSET),
      ...I32_ADD,
      ...V128_LOAD(),
      ...V128_STORE(),
    ]),
    ...addTo(SOURCE, get(SOURCE_STRIDE)),
  ]),
];

const MODULE = wasmModule([
  { name: 'gelu', params: [I32, I32, I32, I32, I32], locals: GELU_LOCALS, body: GELU_BODY },
  {
    name: 'layerNorm',
    params: [I32, I32, I32, I32, I32, I32, F32, F32],
    locals: LAYER_NORM_LOCALS,
    body: LAYER_NORM_BODY,
  },
  { name: 'copyRuns', params: [I32, I32, I32, I32, I32, I32], locals: [[2, I32]], body: COPY_RUNS_BODY },
]);

export interface SimdKernels {
  gelu(x: number, bias: number, out: number, bytes: number, channelBytes: number): void;
  layerNorm(
    x: number,
    gamma: number,
    beta: number,
    out: number,
    bytes: number,
    channelBytes: number,
    recip: number,
    epsilon: number,
  ): void;
  copyRuns(
    source: number,
    sourceStride: number,
    target: number,
    targetStride: number,
    runBytes: number,
    runs: number,
  ): void;
}

/** Instantiates the kernels over `memory` (the backend's), or returns null where wasm SIMD is not available. */
export const instantiateSimdKernels = (memory: WebAssembly.Memory): SimdKernels | null => {
  if (!WebAssembly.validate(MODULE)) return null;
  const instance = new WebAssembly.Instance(new WebAssembly.Module(MODULE), { env: { memory } });
  return instance.exports as unknown as SimdKernels;
};

/** The backend's wasm memory, where its tensors live (the backend does not declare it in its types). */
const memoryOf = (backend: unknown): WebAssembly.Memory | undefined =>
  (backend as { wasm?: { asm?: { memory?: WebAssembly.Memory } } }).wasm?.asm?.memory;

let cached: { memory: WebAssembly.Memory; kernels: SimdKernels | null } | null = null;

/** The kernels over a backend's memory, instantiated once (null on a backend without wasm memory or SIMD). */
export const simdKernels = (backend: unknown): SimdKernels | null => {
  const memory = memoryOf(backend);
  if (!memory) return null;
  if (cached?.memory !== memory) cached = { memory, kernels: instantiateSimdKernels(memory) };
  return cached?.kernels ?? null;
};
