import * as tf from '@tensorflow/tfjs';
import { initBackend } from './maxim-model';

/** Runs `op` on the reference cpu backend and on wasm with this module's kernels, and returns both results. */
const onBoth = async (
  op: () => tf.Tensor,
): Promise<{ expected: Float32Array; actual: Float32Array; shape: number[] }> => {
  await tf.setBackend('cpu');
  const reference = op();
  const expected = reference.dataSync() as Float32Array;
  await tf.setBackend('wasm');
  const result = op();
  return { expected, actual: result.dataSync() as Float32Array, shape: result.shape };
};

const maxDifference = (a: Float32Array, b: Float32Array) =>
  a.reduce((max, v, i) => Math.max(max, Math.abs(v - b[i])), 0);

describe('the fast wasm kernels MAXIM runs on', () => {
  beforeAll(async () => {
    await initBackend();
  });

  it('replaces the backend kernels MAXIM spends most of its time in', () => {
    for (const name of ['Conv2DBackpropInput', 'StridedSlice'])
      expect((tf.getKernel(name, 'wasm') as { fast?: boolean }).fast).toBe(true);
    expect(tf.getKernel('Tanh', 'wasm')?.kernelFunc.name).toBe('tanhOnHeap');
  });

  it('tanh matches tanh to float32 rounding over the whole range, infinities included', async () => {
    const values = Float32Array.from([
      ...Array.from({ length: 4001 }, (_, i) => (i - 2000) / 200),
      ...[-Infinity, -1e6, -1e-6, 0, 1e-6, 1e6, Infinity],
    ]);
    const { actual } = await onBoth(() => tf.tanh(tf.tensor1d(values)));
    const exact = values.map((v) => Math.tanh(v));
    expect(maxDifference(actual, exact)).toBeLessThan(3e-7);
  });

  it('a 2×2 stride-2 transposed convolution (MAXIM upsampling) matches the reference', async () => {
    const dy = () => tf.randomNormal<tf.Rank.R4>([1, 5, 7, 6], 0, 1, 'float32', 3);
    const filter = () => tf.randomNormal<tf.Rank.R4>([2, 2, 4, 6], 0, 1, 'float32', 4);
    const { expected, actual, shape } = await onBoth(() =>
      tf.conv2dTranspose(dy(), filter(), [1, 10, 14, 4], 2, 'valid'),
    );
    expect(shape).toEqual([1, 10, 14, 4]);
    expect(maxDifference(actual, expected)).toBeLessThan(1e-4);
  });

  it('other transposed convolutions still go to the backend kernel and match', async () => {
    const dy = () => tf.randomNormal<tf.Rank.R4>([1, 5, 7, 6], 0, 1, 'float32', 5);
    const filter = () => tf.randomNormal<tf.Rank.R4>([3, 3, 4, 6], 0, 1, 'float32', 6);
    const { expected, actual } = await onBoth(() => tf.conv2dTranspose(dy(), filter(), [1, 10, 14, 4], 2, 'same'));
    expect(maxDifference(actual, expected)).toBeLessThan(1e-4);
  });

  it.each([
    ['the first half of the channels', [0, 0, 0, 0], [1, 3, 4, 4]],
    ['the second half of the channels', [0, 0, 0, 4], [1, 3, 4, 8]],
    ['a slice of rows (the backend kernel)', [0, 1, 0, 0], [1, 3, 4, 8]],
  ])('a strided slice taking %s matches the reference', async (_, begin, end) => {
    const x = () => tf.randomNormal([1, 3, 4, 8], 0, 1, 'float32', 7);
    const size = end.map((e, i) => e - begin[i]);
    const { expected, actual, shape } = await onBoth(() => tf.stridedSlice(x(), begin, end, [1, 1, 1, 1]));
    expect(shape).toEqual(size);
    expect(Array.from(actual)).toEqual(Array.from(expected));
  });
});
