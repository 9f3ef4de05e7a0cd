import * as tf from '@tensorflow/tfjs';
import type { HeapBackend, KernelArgs } from './replace-kernel';
import { tanhRational } from './tanh-kernel';
import { simdKernels } from './wasm-simd';

/** The op and kernel name of a fused GELU in a rewritten MAXIM graph (`fuse-gelu.ts`). */
export const FUSED_GELU = 'ListingLensBiasGelu';

const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);
const CUBIC = 0.044715;

/**
 * GELU (tanh form) of x + bias, the bias broadcast over the last axis: 0.5 v (1 + tanh(√(2/π) (v + 0.044715 v³))).
 * One pass instead of the graph's nine elementwise kernels, each of which reads and writes the whole tensor.
 */
export const biasGelu = (x: Float32Array, bias: Float32Array, out: Float32Array): void => {
  const channels = bias.length;
  for (let row = 0; row < x.length; row += channels) {
    for (let c = 0; c < channels; c++) {
      const v = x[row + c] + bias[c];
      out[row + c] = 0.5 * v * (1 + tanhRational(SQRT_2_OVER_PI * (v + CUBIC * v * v * v)));
    }
  }
};

const biasGeluOnHeap = ({ inputs, backend }: KernelArgs): tf.TensorInfo => {
  const heap = backend as unknown as HeapBackend;
  const { x, bias } = inputs as { x: tf.TensorInfo; bias: tf.TensorInfo };
  const channels = x.shape[x.shape.length - 1];
  const biasChannels = bias.shape[bias.shape.length - 1];
  if (x.dtype !== 'float32' || biasChannels !== channels || bias.shape.slice(0, -1).some((d) => d !== 1))
    throw new Error(`${FUSED_GELU} expects float32 [..., ${channels}] and a bias of ${channels}`);
  const out = heap.makeOutput(x.shape, 'float32');
  // Read the views after the allocation: growing the heap detaches views taken before it.
  const [xs, biases, outs] = [x, bias, out].map((info) => heap.typedArrayFromHeap(info) as Float32Array);
  const simd = channels % 4 === 0 ? simdKernels(backend) : null;
  if (simd) simd.gelu(xs.byteOffset, biases.byteOffset, outs.byteOffset, xs.byteLength, biases.byteLength);
  else biasGelu(xs, biases, outs);
  return out;
};

/** Registers the fused GELU as a kernel of `backendName` and as the graph op the rewritten graph calls. */
export const registerGeluKernel = (backendName: string): void => {
  if (!tf.getKernel(FUSED_GELU, backendName))
    tf.registerKernel({
      kernelName: FUSED_GELU,
      backendName,
      kernelFunc: biasGeluOnHeap as unknown as tf.KernelFunc,
    });
  // Registering the op again replaces it with the same function.
  tf.registerOp(
    FUSED_GELU,
    (node) => tf.engine().runKernel(FUSED_GELU, { x: node.inputs[0], bias: node.inputs[1] }) as tf.Tensor,
  );
};
