/**
 * The fused GELU and layer normalisation and the strided copies as WebAssembly SIMD functions working on the
 * TensorFlow.js wasm backend's own memory, four values an instruction (`libs/engine/assembly/maxim.ts`). Plain
 * JavaScript takes about 10 ns a value for the GELU (the float64 rational tanh) and 3.5 for the normalisation, which
 * made the fused kernels slower than the graph kernels they replace; these loops take a fraction of that.
 *
 * Every pointer is a byte offset into the backend's memory; `bytes` is a multiple of 16 and `channelBytes` the length
 * of a row of the last axis, a multiple of 16 (channels a multiple of four):
 * - gelu(x, bias, out, bytes, channelBytes): out = GELU(x + bias), the bias along the last axis;
 * - layerNorm(x, gamma, beta, out, bytes, channelBytes, recip, epsilon): see `layer-norm-kernel.ts`;
 * - copyRuns(source, sourceStride, target, targetStride, runBytes, runs): strided copies of runs a multiple of 16
 *   bytes, for the channel slices and concatenations (`channel-slice-kernel.ts`, `channel-concat-kernel.ts`).
 */

import { kernelModule } from '../wasm-kernels';

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
  const module = kernelModule('maxim');
  if (!module) return null;
  return new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as SimdKernels;
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
