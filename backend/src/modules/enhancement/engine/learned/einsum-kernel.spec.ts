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
});
