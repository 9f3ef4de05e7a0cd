import type * as tf from '@tensorflow/tfjs';
import { type HeapBackend, type KernelArgs, replaceKernel } from './replace-kernel';
import { simdKernels } from './wasm-simd';

/**
 * Concat along the last axis of float32 tensors whose channel counts are multiples of four: MAXIM joins its channel
 * halves back this way after each split. The wasm backend's own kernel copies one pixel's channels at a time through
 * a new subarray (a tenth of a second a photo); here each input is one strided copy of runs with SIMD. Any other
 * concat goes to the backend's own kernel.
 */
export const makeChannelConcatKernel = (fallback: tf.KernelFunc) => {
  return (args: KernelArgs): tf.TensorInfo => {
    const { inputs, backend, attrs } = args;
    const tensors = Object.values(inputs) as tf.TensorInfo[];
    const first = tensors[0];
    const rank = first?.shape.length ?? 0;
    const last = rank - 1;
    const axis = (attrs?.axis as number) < 0 ? (attrs?.axis as number) + rank : (attrs?.axis as number);
    const simd = simdKernels(backend);
    const fits =
      simd !== null &&
      tensors.length >= 2 &&
      rank >= 1 &&
      axis === last &&
      tensors.every(
        (t) =>
          t.dtype === 'float32' &&
          t.shape.length === rank &&
          t.shape[last] > 0 &&
          t.shape[last] % 4 === 0 &&
          t.shape.every((size, i) => i === last || size === first.shape[i]),
      );
    if (!fits) return fallback({ inputs, backend, attrs: attrs ?? {} }) as tf.TensorInfo;

    const heap = backend as unknown as HeapBackend;
    const channels = tensors.reduce((total, t) => total + t.shape[last], 0);
    const out = heap.makeOutput([...first.shape.slice(0, last), channels], 'float32');
    // Views after the allocation: growing the heap detaches views taken before it.
    const target = heap.typedArrayFromHeap(out) as Float32Array;
    const pixels = target.length / channels;
    let at = 0;
    for (const t of tensors) {
      const width = t.shape[last];
      const source = heap.typedArrayFromHeap(t) as Float32Array;
      simd.copyRuns(source.byteOffset, width * 4, target.byteOffset + at * 4, channels * 4, width * 4, pixels);
      at += width;
    }
    return out;
  };
};

export const registerChannelConcatKernel = (backendName: string): void =>
  replaceKernel('Concat', backendName, makeChannelConcatKernel);
