import * as tf from '@tensorflow/tfjs';
import { type KernelArgs, type KernelScope, withTemporaries } from './replace-kernel';

type Info = tf.TensorInfo;

const product = (dims: number[]) => dims.reduce((a, b) => a * b, 1);

const einsum = (
  inputs: tf.NamedTensorInfoMap,
  attrs: tf.NamedAttrMap | undefined,
  { run, keep }: KernelScope,
): Info => {
  const transpose = (x: Info, perm: number[]) =>
    perm.every((p, i) => p === i) ? x : keep(run('Transpose', { x }, { perm }));
  const reshape = (x: Info, shape: number[]) => keep(run('Reshape', { x }, { shape }));

  const equation = String(attrs?.equation ?? '');
  const match = /^(\w+),(\w+)->(\w*)$/.exec(equation.replace(/\s/g, ''));
  const operands = Object.values(inputs) as Info[];
  if (!match || operands.length !== 2) throw new Error(`Unsupported Einsum equation "${equation}"`);
  const [, left, right, out] = match;
  const [a, b] = operands;
  const size = new Map<string, number>();
  [...left].forEach((index, i) => size.set(index, a.shape[i]));
  [...right].forEach((index, i) => size.set(index, b.shape[i]));
  const batch = [...out].filter((i) => left.includes(i) && right.includes(i));
  const contracted = [...left].filter((i) => right.includes(i) && !out.includes(i));
  const freeA = [...left].filter((i) => !right.includes(i));
  const freeB = [...right].filter((i) => !left.includes(i));
  if ([...freeA, ...freeB].some((i) => !out.includes(i))) throw new Error(`Unsupported Einsum equation "${equation}"`);
  const dims = (indices: string[]) => indices.map((i) => size.get(i) ?? 1);

  const a3 = reshape(
    transpose(
      a,
      [...batch, ...freeA, ...contracted].map((i) => left.indexOf(i)),
    ),
    [product(dims(batch)), product(dims(freeA)), product(dims(contracted))],
  );
  const b3 = reshape(
    transpose(
      b,
      [...batch, ...contracted, ...freeB].map((i) => right.indexOf(i)),
    ),
    [product(dims(batch)), product(dims(contracted)), product(dims(freeB))],
  );
  const product3 = keep(run('BatchMatMul', { a: a3, b: b3 }, { transposeA: false, transposeB: false }));
  const order = [...batch, ...freeA, ...freeB];
  const full = reshape(product3, dims(order));
  const result = transpose(
    full,
    [...out].map((i) => order.indexOf(i)),
  );
  // The result must outlive the temporaries it may share storage with.
  if (result === full) return run('Reshape', { x: full }, { shape: dims(order) });
  return result;
};

/**
 * Two-operand Einsum as transpose + reshape + batched matMul. The wasm backend has no Einsum kernel, and MAXIM's
 * graph uses it in 464 nodes (channel and spatial mixing), all of the form "one contracted index".
 */
export const einsumViaMatMul = ({ inputs, backend, attrs }: KernelArgs): Info =>
  withTemporaries(backend, (scope) => einsum(inputs, attrs, scope));

export const registerEinsumKernel = (backendName: string): void => {
  if (tf.getKernel('Einsum', backendName)) return;
  tf.registerKernel({ kernelName: 'Einsum', backendName, kernelFunc: einsumViaMatMul as unknown as tf.KernelFunc });
};
