import * as tf from '@tensorflow/tfjs';
import { einsumViaMatMul } from './einsum-kernel';

describe('Einsum via matMul', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it.each([
    ['abcg,gf->abcf', [2, 3, 4, 5], [5, 6]],
    ['abgd,gf->abdf', [2, 3, 5, 4], [5, 6]],
    ['gb,cgef->bcef', [5, 3], [2, 5, 4, 6]],
  ])('matches tf.einsum for %s (the three equations in MAXIM)', (equation, shapeA, shapeB) => {
    const a = tf.randomNormal(shapeA, 0, 1, 'float32', 1);
    const b = tf.randomNormal(shapeB, 0, 1, 'float32', 2);
    const expected = tf.einsum(equation, a, b);
    const info = einsumViaMatMul({ inputs: { a, b }, backend: tf.backend(), attrs: { equation } });
    const actual = tf.engine().makeTensorFromTensorInfo(info);
    expect(actual.shape).toEqual(expected.shape);
    expect(tf.max(tf.abs(tf.sub(actual, expected))).dataSync()[0]).toBeLessThan(1e-4);
  });

  it('leaves only its result on the backend: every intermediate is disposed, also when the equation is refused', () => {
    const a = tf.randomNormal([2, 3, 4, 5], 0, 1, 'float32', 1);
    const b = tf.randomNormal([5, 6], 0, 1, 'float32', 2);
    const before = tf.backend().numDataIds();
    const info = einsumViaMatMul({ inputs: { a, b }, backend: tf.backend(), attrs: { equation: 'abcg,gf->abcf' } });
    expect(tf.backend().numDataIds()).toBe(before + 1);
    tf.backend().disposeData(info.dataId);
    expect(() =>
      einsumViaMatMul({ inputs: { a, b }, backend: tf.backend(), attrs: { equation: 'abcg,gf->ab' } }),
    ).toThrow('Unsupported Einsum equation');
    expect(tf.backend().numDataIds()).toBe(before);
  });
});
