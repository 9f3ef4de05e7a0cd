import * as tf from '@tensorflow/tfjs';
import type { HeapBackend, KernelArgs } from './replace-kernel';
import { simdKernels } from './wasm-simd';

/** The op and kernel name of a fused layer normalisation in a rewritten MAXIM graph (`fuse-graph.ts`). */
export const FUSED_LAYER_NORM = 'ListingLensLayerNorm';

export interface LayerNormAttrs {
  /** What the graph multiplies a channel sum by to get a mean (1 / channels in MAXIM's graphs). */
  recip: number;
  epsilon: number;
  /** The axis the graph's sums run over: the kernel takes only the last one. */
  axis: number;
}

/**
 * Layer normalisation over the last axis, as MAXIM's graph computes it: mean = Σx · recip, variance = max(0, Σx² ·
 * recip − mean²), out = (x − mean) · rsqrt(variance + ε) · gamma + beta. One read for the sums and one read-write
 * per row, instead of the graph's seven full-size kernels and a dozen small ones per normalisation (240 a photo).
 */
export const layerNorm = (
  x: Float32Array,
  gamma: Float32Array,
  beta: Float32Array,
  { recip, epsilon }: LayerNormAttrs,
  out: Float32Array,
): void => {
  const channels = gamma.length;
  for (let row = 0; row < x.length; row += channels) {
    let sum = 0;
    let squares = 0;
    for (let c = 0; c < channels; c++) {
      const v = x[row + c];
      sum += v;
      squares += v * v;
    }
    const mean = sum * recip;
    const variance = Math.max(0, squares * recip - mean * mean);
    const scale = 1 / Math.sqrt(variance + epsilon);
    for (let c = 0; c < channels; c++) out[row + c] = (x[row + c] - mean) * scale * gamma[c] + beta[c];
  }
};

const isLastAxisVector = (info: tf.TensorInfo, channels: number) =>
  info.shape[info.shape.length - 1] === channels && info.shape.slice(0, -1).every((d) => d === 1);

const layerNormOnHeap = ({ inputs, backend, attrs }: KernelArgs): tf.TensorInfo => {
  const heap = backend as unknown as HeapBackend;
  const { x, gamma, beta } = inputs as { x: tf.TensorInfo; gamma: tf.TensorInfo; beta: tf.TensorInfo };
  const channels = x.shape[x.shape.length - 1];
  const { axis } = attrs as unknown as LayerNormAttrs;
  if (axis !== -1 && axis !== x.shape.length - 1) throw new Error(`${FUSED_LAYER_NORM} normalises the last axis only`);
  if (x.dtype !== 'float32' || !isLastAxisVector(gamma, channels) || !isLastAxisVector(beta, channels))
    throw new Error(`${FUSED_LAYER_NORM} expects float32 [..., ${channels}] and a gamma and beta of ${channels}`);
  const out = heap.makeOutput(x.shape, 'float32');
  // Read the views after the allocation: growing the heap detaches views taken before it.
  const [xs, gammas, betas, outs] = [x, gamma, beta, out].map((info) => heap.typedArrayFromHeap(info) as Float32Array);
  const { recip, epsilon } = attrs as unknown as LayerNormAttrs;
  const simd = channels % 4 === 0 ? simdKernels(backend) : null;
  if (simd) {
    const [x0, g0, b0, o0] = [xs, gammas, betas, outs].map((view) => view.byteOffset);
    simd.layerNorm(x0, g0, b0, o0, xs.byteLength, gammas.byteLength, recip, epsilon);
  } else layerNorm(xs, gammas, betas, { recip, epsilon, axis: -1 }, outs);
  return out;
};

/** Registers the fused layer normalisation as a kernel of `backendName` and as the graph op the rewritten graph calls. */
export const registerLayerNormKernel = (backendName: string): void => {
  if (!tf.getKernel(FUSED_LAYER_NORM, backendName))
    tf.registerKernel({
      kernelName: FUSED_LAYER_NORM,
      backendName,
      kernelFunc: layerNormOnHeap as unknown as tf.KernelFunc,
    });
  // Registering the op again replaces it with the same function.
  tf.registerOp(FUSED_LAYER_NORM, (node) => {
    const [x, gamma, beta] = node.inputs;
    const { recip, epsilon, axis } = node.attrs as unknown as LayerNormAttrs;
    return tf.engine().runKernel(FUSED_LAYER_NORM, { x, gamma, beta }, { recip, epsilon, axis }) as tf.Tensor;
  });
};
