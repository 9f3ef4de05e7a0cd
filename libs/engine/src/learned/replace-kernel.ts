import * as tf from '@tensorflow/tfjs';

/** What a kernel receives: its inputs, the backend it runs on and its attributes. */
export type KernelArgs = { inputs: tf.NamedTensorInfoMap; backend: tf.KernelBackend; attrs?: tf.NamedAttrMap };

/** The part of the wasm backend a kernel written in TypeScript needs: tensors it allocates and reads on its heap. */
export interface HeapBackend {
  makeOutput(shape: number[], dtype: tf.DataType): tf.TensorInfo;
  typedArrayFromHeap(info: tf.TensorInfo): tf.TypedArray;
}

/** Runs another kernel of the current backend from inside a kernel (outside the engine's tape and bookkeeping). */
export const runKernel = (
  name: string,
  backend: tf.KernelBackend,
  inputs: tf.NamedTensorInfoMap,
  attrs: tf.NamedAttrMap,
): tf.TensorInfo => {
  const kernel = tf.getKernel(name, tf.getBackend());
  if (!kernel) throw new Error(`The ${name} kernel is not registered`);
  return kernel.kernelFunc({ inputs, backend, attrs }) as tf.TensorInfo;
};

/** Runs kernels of the backend for one kernel's body and keeps its intermediate tensors for `withTemporaries`. */
export interface KernelScope {
  run(name: string, inputs: tf.NamedTensorInfoMap, attrs: tf.NamedAttrMap): tf.TensorInfo;
  /** Marks an intermediate to be disposed when the body returns. */
  keep(info: tf.TensorInfo): tf.TensorInfo;
}

/**
 * Runs `body`, a kernel built from other kernels, and disposes every intermediate it kept, except the result it
 * returns, also when it throws.
 */
export const withTemporaries = (
  backend: tf.KernelBackend,
  body: (scope: KernelScope) => tf.TensorInfo,
): tf.TensorInfo => {
  const temporaries: tf.TensorInfo[] = [];
  const scope: KernelScope = {
    run: (name, inputs, attrs) => runKernel(name, backend, inputs, attrs),
    keep: (info) => {
      temporaries.push(info);
      return info;
    },
  };
  let result: tf.TensorInfo | undefined;
  try {
    result = body(scope);
    return result;
  } finally {
    for (const info of temporaries) if (info !== result) backend.disposeData(info.dataId);
  }
};

/**
 * Puts the kernel `make` builds in place of the backend's own kernel `name`, handing it the own one for the cases it
 * does not take. Done once: a kernel already replaced (marked `fast`) stays as it is.
 */
export const replaceKernel = (
  name: string,
  backendName: string,
  make: (own: tf.KernelFunc) => (args: KernelArgs) => tf.TensorInfo | tf.TensorInfo[],
): void => {
  const own = tf.getKernel(name, backendName);
  if (!own || (own as { fast?: boolean }).fast) return;
  tf.unregisterKernel(name, backendName);
  const config = { kernelName: name, backendName, kernelFunc: make(own.kernelFunc) as unknown as tf.KernelFunc };
  tf.registerKernel(Object.assign(config, { fast: true }));
};
