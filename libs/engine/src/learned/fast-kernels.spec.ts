import * as tf from '@tensorflow/tfjs';
import { biasGelu, FUSED_GELU } from './gelu-kernel';
import { FUSED_LAYER_NORM, layerNorm } from './layer-norm-kernel';
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
    for (const name of ['Conv2DBackpropInput', 'StridedSlice', 'Concat'])
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

  it.each([
    ['channels, multiples of four (the SIMD copies)', [8, 4, 12], 3],
    ['channels, counted from the end', [4, 8], -1],
    ['channels that are not multiples of four (the backend kernel)', [6, 4], 3],
    ['rows (the backend kernel)', [4, 4], 1],
  ])('a concatenation along %s matches the reference', async (_, sizes, axis) => {
    const parts = () =>
      sizes.map((size, i) => tf.randomNormal(axis === 1 ? [1, size, 4, 8] : [1, 3, 5, size], 0, 1, 'float32', 20 + i));
    const { expected, actual, shape } = await onBoth(() => tf.concat(parts(), axis));
    expect(shape[axis < 0 ? 4 + axis : axis]).toBe(sizes.reduce((a, b) => a + b, 0));
    expect(Array.from(actual)).toEqual(Array.from(expected));
  });

  /** The GELU as MAXIM's graph computes it, kernel by kernel, on the reference backend. */
  const geluOfGraph = (x: tf.Tensor, bias: tf.Tensor) =>
    tf.tidy(() => {
      const v = tf.add(x, bias);
      const inner = tf.mul(Math.sqrt(2 / Math.PI), tf.add(v, tf.mul(tf.mul(0.044715, v), tf.square(v))));
      return tf.mul(tf.mul(0.5, v), tf.add(1, tf.tanh(inner)));
    });

  it.each([
    ['a multiple of four (the SIMD loop)', 8],
    ['any other number (the plain loop)', 6],
  ])('the fused bias + GELU matches the graph it replaces, channels %s', async (_, channels) => {
    const x = () => tf.randomNormal([1, 3, 5, channels], 0, 3, 'float32', 8);
    const bias = () => tf.randomNormal([1, 1, 1, channels], 0, 1, 'float32', 9);
    await tf.setBackend('cpu');
    const expected = geluOfGraph(x(), bias()).dataSync() as Float32Array;
    await tf.setBackend('wasm');
    const result = tf.engine().runKernel(FUSED_GELU, { x: x(), bias: bias() }) as tf.Tensor;
    expect(result.shape).toEqual([1, 3, 5, channels]);
    expect(maxDifference(result.dataSync() as Float32Array, expected)).toBeLessThan(2e-6);
  });

  it('the plain loop computes GELU itself: 0 at 0, x for large x, 0 for very negative x', () => {
    const out = new Float32Array(4);
    biasGelu(Float32Array.of(0, 10, -10, 1), Float32Array.of(0, 0, 0, 0), out);
    expect(Array.from(out).map((v) => Math.round(v * 1e4) / 1e4)).toEqual([0, 10, -0, 0.8412]);
  });

  it('refuses a bias that does not run along the last axis', async () => {
    await tf.setBackend('wasm');
    expect(() => tf.engine().runKernel(FUSED_GELU, { x: tf.zeros([2, 4]), bias: tf.zeros([2]) })).toThrow(
      /a bias of 4/,
    );
  });

  it.each([
    ['a multiple of four (the SIMD loop)', 8],
    ['any other number (the plain loop)', 6],
  ])('the fused layer normalisation matches the graph it replaces, channels %s', async (_, channels) => {
    const x = () => tf.randomNormal([1, 3, 5, channels], 0.5, 2, 'float32', 10);
    const gamma = () => tf.randomNormal([1, 1, 1, channels], 1, 0.3, 'float32', 11);
    const beta = () => tf.randomNormal([1, 1, 1, channels], 0, 0.3, 'float32', 12);
    const attrs = { recip: 1 / channels, epsilon: 1e-6, axis: 3 };
    await tf.setBackend('cpu');
    const expected = tf
      .tidy(() => {
        const v = x();
        const mean = tf.mul(tf.sum(v, 3, true), attrs.recip);
        const variance = tf.maximum(0, tf.sub(tf.mul(tf.sum(tf.square(v), 3, true), attrs.recip), tf.square(mean)));
        return tf.add(tf.mul(tf.sub(v, mean), tf.mul(tf.rsqrt(tf.add(variance, attrs.epsilon)), gamma())), beta());
      })
      .dataSync() as Float32Array;
    await tf.setBackend('wasm');
    const result = tf.engine().runKernel(FUSED_LAYER_NORM, { x: x(), gamma: gamma(), beta: beta() }, attrs);
    expect(maxDifference((result as tf.Tensor).dataSync() as Float32Array, expected)).toBeLessThan(2e-5);
  });

  it('the plain loop normalises a row to zero mean and unit variance before gamma and beta', () => {
    const out = new Float32Array(4);
    layerNorm(
      Float32Array.of(1, 2, 3, 4),
      Float32Array.of(1, 1, 1, 2),
      Float32Array.of(0, 0, 0, 1),
      {
        recip: 0.25,
        epsilon: 0,
        axis: -1,
      },
      out,
    );
    const unit = [-1.5, -0.5, 0.5, 1.5].map((v) => v / Math.sqrt(1.25));
    expect(Array.from(out)).toEqual([unit[0], unit[1], unit[2], unit[3] * 2 + 1].map((v) => Math.fround(v)));
  });

  it('refuses to normalise any axis but the last', async () => {
    await tf.setBackend('wasm');
    const run = () =>
      tf
        .engine()
        .runKernel(
          FUSED_LAYER_NORM,
          { x: tf.zeros([1, 2, 3, 4]), gamma: tf.ones([4]), beta: tf.zeros([4]) },
          { recip: 0.25, epsilon: 1e-6, axis: 2 },
        );
    expect(run).toThrow(/the last axis only/);
  });
});
