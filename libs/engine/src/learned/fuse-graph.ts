import type * as tf from '@tensorflow/tfjs';
import { FUSED_GELU } from './gelu-kernel';
import { FUSED_LAYER_NORM } from './layer-norm-kernel';

/** A node of a TensorFlow.js graph model's topology (model.json), as far as the rewrite reads it. */
export interface TopologyNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
}

export interface Constant {
  shape: number[];
  /** float32 values, or int32 ones (exact: only small integers are read). */
  values: Float32Array;
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, bool: 1 };

/** A scalar, or a vector along the last axis (a bias, shaped [C] or [1, 1, 1, C]). */
export const isVector = (shape: number[]): boolean => shape.slice(0, -1).every((d) => d === 1);

/**
 * The float32 and int32 scalars and vectors (`isVector`) of a graph model by node name (copies), read from its weight
 * buffer in manifest order. Stops at the first entry whose size it cannot know (quantised or string weights): the
 * rewrite then simply finds fewer patterns.
 */
export const smallConstants = (specs: tf.io.WeightsManifestEntry[], data: ArrayBuffer): Map<string, Constant> => {
  const constants = new Map<string, Constant>();
  let offset = 0;
  for (const spec of specs) {
    const bytes = BYTES[spec.dtype];
    if (!bytes || spec.quantization) break;
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const slice = () => data.slice(offset, offset + count * 4);
    if (spec.dtype === 'float32' && isVector(spec.shape))
      constants.set(spec.name, { shape: spec.shape, values: new Float32Array(slice()) });
    if (spec.dtype === 'int32' && count <= 8)
      constants.set(spec.name, { shape: spec.shape, values: Float32Array.from(new Int32Array(slice())) });
    offset += count * bytes;
  }
  return constants;
};

/** Reading a topology: nodes by name, operands by op, constants by value. */
const reader = (nodes: TopologyNode[], constants: Map<string, Constant>) => {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const scalar = (name: string | undefined): number | undefined => {
    const constant = name === undefined ? undefined : constants.get(name);
    return constant?.values.length === 1 ? constant.values[0] : undefined;
  };
  const near = (name: string, value: number) => {
    const constant = scalar(name);
    return constant !== undefined && Math.abs(constant - value) <= 1e-6 * Math.abs(value);
  };
  /** The inputs of `name` if it is an `op` node with `arity` inputs. */
  const inputsOf = (name: string | undefined, op: string, arity: number): string[] | undefined => {
    const node = name === undefined ? undefined : byName.get(name);
    return node?.op === op && node.input?.length === arity ? node.input : undefined;
  };
  /** For `op(a, b)`, the operands in the order `test` accepts them (it is tried on both), or undefined. */
  const operands = (
    name: string | undefined,
    op: string,
    test: (first: string, second: string) => boolean,
  ): [string, string] | undefined => {
    const [a, b] = inputsOf(name, op, 2) ?? [];
    if (a === undefined || b === undefined) return undefined;
    return test(a, b) ? [a, b] : test(b, a) ? [b, a] : undefined;
  };
  /** For `op(constant, other)` in either order with the constant equal to `value`: the other input's name. */
  const withConstant = (name: string | undefined, op: string, value: number): string | undefined =>
    operands(name, op, (constant) => near(constant, value))?.[1];
  const isVectorConstant = (name: string) => Boolean(constants.get(name)?.shape.length);
  return { scalar, inputsOf, operands, withConstant, isVectorConstant };
};

type Reader = ReturnType<typeof reader>;

const SCALE = Math.sqrt(2 / Math.PI);
const CUBIC = 0.044715;

/**
 * A GELU as jax2tf spells it after a dense layer: x = Einsum + bias; 0.5·x · (1 + tanh(√(2/π) · (x + 0.044715·x ·
 * x²))), matched from its last multiplication; becomes `FUSED_GELU` on the product and the bias.
 */
const matchGelu = ({ inputsOf, operands, withConstant, isVectorConstant }: Reader, node: TopologyNode) => {
  const isCubicTerm = (name: string, x: string) =>
    Boolean(
      operands(
        name,
        'Mul',
        (scaled, squared) => withConstant(scaled, 'Mul', CUBIC) === x && inputsOf(squared, 'Square', 1)?.[0] === x,
      ),
    );
  let found: TopologyNode | undefined;
  operands(node.name, 'Mul', (half, onePlus) => {
    const x = withConstant(half, 'Mul', 0.5);
    const tanhInput = inputsOf(withConstant(onePlus, 'AddV2', 1), 'Tanh', 1)?.[0];
    const inner = withConstant(tanhInput, 'Mul', SCALE);
    if (x === undefined || !operands(inner, 'AddV2', (a, b) => a === x && isCubicTerm(b, x))) return false;
    const dense = operands(x, 'AddV2', (_, bias) => isVectorConstant(bias));
    if (!dense) return false;
    found = { name: node.name, op: FUSED_GELU, input: dense, attr: {} };
    return true;
  });
  return found;
};

/**
 * A layer normalisation over the last axis as jax2tf spells it: mean = Σx · recip, variance = max(0, Σx² · recip −
 * mean²), (x − mean) · (rsqrt(variance + ε) · gamma) + beta, matched from its last addition; becomes
 * `FUSED_LAYER_NORM` on x, gamma and beta, with recip, ε and the axis as attributes.
 */
const matchLayerNorm = ({ scalar, inputsOf, operands, withConstant, isVectorConstant }: Reader, node: TopologyNode) => {
  /** `Mul(Sum(of, axis), recip)`: the axis and recip, or undefined. */
  const meanOf = (name: string | undefined, of: string) => {
    let found: { axis: number; recip: number } | undefined;
    operands(name, 'Mul', (sum, recip) => {
      const [input, axis] = inputsOf(sum, 'Sum', 2) ?? [];
      const [axisValue, recipValue] = [scalar(axis), scalar(recip)];
      if (input !== of || axisValue === undefined || recipValue === undefined) return false;
      found = { axis: axisValue, recip: recipValue };
      return true;
    });
    return found;
  };
  let found: TopologyNode | undefined;
  operands(node.name, 'AddV2', (scaled, beta) => {
    if (!isVectorConstant(beta)) return false;
    return Boolean(
      operands(scaled, 'Mul', (centred, factor) => {
        const [x, meanShaped] = inputsOf(centred, 'Sub', 2) ?? [];
        const [mean] = inputsOf(meanShaped, 'Reshape', 2) ?? [];
        const [rsqrt, gamma] =
          operands(factor, 'Mul', (a, b) => Boolean(inputsOf(a, 'Rsqrt', 1)) && isVectorConstant(b)) ?? [];
        if (x === undefined || mean === undefined || rsqrt === undefined || gamma === undefined) return false;
        const sum = meanOf(mean, x);
        const [varianceEps] = inputsOf(rsqrt, 'Rsqrt', 1) ?? [];
        const [shapedVariance, epsilon] = operands(varianceEps, 'AddV2', (_, eps) => scalar(eps) !== undefined) ?? [];
        const [variance] = inputsOf(shapedVariance, 'Reshape', 2) ?? [];
        const [meanSquares, meanSquared] = inputsOf(withConstant(variance, 'Maximum', 0), 'Sub', 2) ?? [];
        if (!sum || epsilon === undefined || meanSquares === undefined) return false;
        if (inputsOf(meanSquared, 'Square', 1)?.[0] !== mean) return false;
        const squaresSum = operands(meanSquares, 'Mul', (a) => Boolean(inputsOf(a, 'Sum', 2)))?.[0];
        const squares = inputsOf(squaresSum, 'Sum', 2)?.[0];
        if (squares === undefined || inputsOf(squares, 'Square', 1)?.[0] !== x) return false;
        const squaresMean = meanOf(meanSquares, squares);
        if (!squaresMean || squaresMean.axis !== sum.axis || squaresMean.recip !== sum.recip) return false;
        found = {
          name: node.name,
          op: FUSED_LAYER_NORM,
          input: [x, gamma, beta],
          attr: { recip: { f: sum.recip }, epsilon: { f: scalar(epsilon) }, axis: { i: sum.axis } },
        };
        return true;
      }),
    );
  });
  return found;
};

/**
 * Rewrites MAXIM's GELUs and layer normalisations, each a dozen or more nodes, as one node of a kernel written here
 * (`gelu-kernel.ts`, `layer-norm-kernel.ts`). A rewritten node keeps the name of the pattern's last node, so its
 * consumers are untouched; the nodes it replaces are left in the topology with no consumer, and the executor, which
 * runs only what the outputs need, skips them. A pattern that differs in any constant or connection is left as it is.
 */
export const fuseGraph = (
  nodes: TopologyNode[],
  constants: Map<string, Constant>,
): { nodes: TopologyNode[]; gelus: number; layerNorms: number } => {
  const read = reader(nodes, constants);
  let gelus = 0;
  let layerNorms = 0;
  const rewritten = nodes.map((node) => {
    const gelu = matchGelu(read, node);
    if (gelu) gelus++;
    const layerNorm = gelu ? undefined : matchLayerNorm(read, node);
    if (layerNorm) layerNorms++;
    return gelu ?? layerNorm ?? node;
  });
  return { nodes: rewritten, gelus, layerNorms };
};
