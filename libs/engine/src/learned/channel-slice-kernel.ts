import type * as tf from '@tensorflow/tfjs';
import { type HeapBackend, type KernelArgs, replaceKernel } from './replace-kernel';
import { simdKernels } from './wasm-simd';

/**
 * StridedSlice that takes a range of the last axis and all of every other axis: MAXIM splits its channels in
 * halves this way about 240 times a photo. The wasm backend's general kernel walks every element with index
 * arithmetic; a copy of runs (with SIMD where the runs are whole groups of four) is several times faster. Any other slice goes to the backend's own kernel.
 */
export const makeChannelSliceKernel = (fallback: tf.KernelFunc) => {
  return (args: KernelArgs): tf.TensorInfo => {
    const { inputs, backend, attrs } = args;
    const { x } = inputs as { x: tf.TensorInfo };
    const begin = attrs?.begin as number[];
    const end = attrs?.end as number[];
    const strides = attrs?.strides as number[];
    const rank = x.shape.length;
    const masks = ['beginMask', 'endMask', 'ellipsisMask', 'newAxisMask', 'shrinkAxisMask'];
    const last = rank - 1;
    const fits =
      x.dtype === 'float32' &&
      rank >= 1 &&
      begin?.length === rank &&
      end?.length === rank &&
      strides?.length === rank &&
      masks.every((mask) => (attrs?.[mask] ?? 0) === 0) &&
      strides.every((s) => s === 1) &&
      x.shape.every((size, axis) => axis === last || (begin[axis] === 0 && end[axis] === size)) &&
      begin[last] >= 0 &&
      end[last] <= x.shape[last] &&
      begin[last] < end[last];
    if (!fits) return fallback({ inputs, backend, attrs: attrs ?? {} }) as tf.TensorInfo;

    const heap = backend as unknown as HeapBackend;
    const channels = x.shape[last];
    const from = begin[last];
    const width = end[last] - from;
    const out = heap.makeOutput([...x.shape.slice(0, last), width], 'float32');
    const source = heap.typedArrayFromHeap(x) as Float32Array;
    const target = heap.typedArrayFromHeap(out) as Float32Array;
    // Runs of whole groups of four floats are copied sixteen bytes an instruction (most of MAXIM's halves).
    const simd = width % 4 === 0 ? simdKernels(backend) : null;
    if (simd)
      simd.copyRuns(
        source.byteOffset + from * 4,
        channels * 4,
        target.byteOffset,
        width * 4,
        width * 4,
        target.length / width,
      );
    else
      for (let s = from, t = 0; t < target.length; s += channels - width)
        for (let c = 0; c < width; c++) target[t++] = source[s++];
    return out;
  };
};

export const registerChannelSliceKernel = (backendName: string): void =>
  replaceKernel('StridedSlice', backendName, makeChannelSliceKernel);
