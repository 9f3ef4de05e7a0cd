import type * as tf from '@tensorflow/tfjs';
import { type KernelArgs, replaceKernel, withTemporaries } from './replace-kernel';

type Info = tf.TensorInfo;

/**
 * Conv2DBackpropInput (a transposed convolution) whose stride equals its filter size, as MAXIM's 2×2 stride-2
 * upsampling layers are: the filter windows do not overlap, so each input pixel writes its own 2×2 output block,
 * which is one matrix product (pixels × channels by channels × block) and a depth-to-space shuffle. The wasm
 * backend's direct loop takes four times as long. Any other shape goes to the backend's own kernel.
 */
export const makeTransposedConvKernel = (fallback: tf.KernelFunc) => {
  return ({ inputs, backend, attrs }: KernelArgs): Info | Info[] => {
    const { dy, filter } = inputs as { dy: tf.TensorInfo; filter: tf.TensorInfo };
    const strides = attrs?.strides as number | [number, number];
    const [strideH, strideW] = typeof strides === 'number' ? [strides, strides] : strides;
    const inputShape = attrs?.inputShape as number[];
    const [fh, fw, outChannels, inChannels] = filter.shape;
    const [batch, height, width, dyChannels] = dy.shape;
    const fits =
      attrs?.pad === 'valid' &&
      (attrs?.dataFormat ?? 'NHWC') === 'NHWC' &&
      attrs?.dimRoundingMode == null &&
      strideH === fh &&
      strideW === fw &&
      dyChannels === inChannels &&
      inputShape.join() === [batch, height * fh, width * fw, outChannels].join();
    if (!fits) return fallback({ inputs, backend, attrs: attrs ?? {} }) as Info;

    return withTemporaries(backend, ({ run, keep }) => {
      // filter[a, b, d, c] → weights[c, (a, b, d)]; the gradient of a convolution does not flip the filter.
      const weights = keep(
        run(
          'Reshape',
          { x: keep(run('Transpose', { x: filter }, { perm: [3, 0, 1, 2] })) },
          { shape: [1, inChannels, fh * fw * outChannels] },
        ),
      );
      const pixels = keep(run('Reshape', { x: dy }, { shape: [1, batch * height * width, inChannels] }));
      const blocks = keep(run('BatchMatMul', { a: pixels, b: weights }, { transposeA: false, transposeB: false }));
      const grid = keep(run('Reshape', { x: blocks }, { shape: [batch * height, width, fh, fw * outChannels] }));
      const rows = keep(run('Transpose', { x: grid }, { perm: [0, 2, 1, 3] }));
      return run('Reshape', { x: rows }, { shape: inputShape });
    });
  };
};

export const registerTransposedConvKernel = (backendName: string): void =>
  replaceKernel('Conv2DBackpropInput', backendName, makeTransposedConvKernel);
