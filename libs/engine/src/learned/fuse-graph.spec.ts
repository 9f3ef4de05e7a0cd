import { FUSED_GELU } from './gelu-kernel';
import { type Constant, type TopologyNode, fuseGraph, smallConstants } from './fuse-graph';
import { FUSED_LAYER_NORM } from './layer-norm-kernel';
import { type MaximVariant, readMaxim } from './maxim-model';

const scalar = (value: number): Constant => ({ shape: [], values: Float32Array.of(value) });
const vector = (...values: number[]): Constant => ({
  shape: [1, 1, 1, values.length],
  values: Float32Array.from(values),
});
const node = (name: string, op: string, ...input: string[]): TopologyNode => ({ name, op, input });

/** One GELU as jax2tf writes it, after a dense layer: x = Einsum + bias, then the nine elementwise nodes. */
const geluGraph = (cubic = 0.044715) => ({
  constants: new Map<string, Constant>([
    ['half', scalar(0.5)],
    ['one', scalar(1)],
    ['scale', scalar(Math.fround(Math.sqrt(2 / Math.PI)))],
    ['cubic', scalar(Math.fround(cubic))],
    ['bias', vector(0.1, 0.2, 0.3, 0.4)],
  ]),
  nodes: [
    node('input', 'Placeholder'),
    node('dense', 'Einsum', 'input', 'kernel'),
    node('x', 'AddV2', 'dense', 'bias'),
    node('cx', 'Mul', 'cubic', 'x'),
    node('x2', 'Square', 'x'),
    node('cx3', 'Mul', 'cx', 'x2'),
    node('inner', 'AddV2', 'x', 'cx3'),
    node('scaled', 'Mul', 'scale', 'inner'),
    node('tanh', 'Tanh', 'scaled'),
    node('onePlus', 'AddV2', 'one', 'tanh'),
    node('halfX', 'Mul', 'half', 'x'),
    node('gelu', 'Mul', 'halfX', 'onePlus'),
    node('next', 'Einsum', 'gelu', 'kernel2'),
  ],
});

/** One layer normalisation as jax2tf writes it (mean and mean of squares, clamped variance, rsqrt). */
const layerNormGraph = (floor = 0) => ({
  constants: new Map<string, Constant>([
    ['axis', { shape: [1], values: Float32Array.of(3) }],
    ['recip', scalar(0.25)],
    ['floor', scalar(floor)],
    ['eps', scalar(1e-6)],
    ['gamma', vector(1, 2, 3, 4)],
    ['beta', vector(0, 0.5, 0, 0.5)],
  ]),
  nodes: [
    node('x', 'Placeholder'),
    node('sum', 'Sum', 'x', 'axis'),
    node('mean', 'Mul', 'sum', 'recip'),
    node('x2', 'Square', 'x'),
    node('sum2', 'Sum', 'x2', 'axis'),
    node('meanSquares', 'Mul', 'sum2', 'recip'),
    node('meanSquared', 'Square', 'mean'),
    node('rawVariance', 'Sub', 'meanSquares', 'meanSquared'),
    node('variance', 'Maximum', 'floor', 'rawVariance'),
    node('meanShaped', 'Reshape', 'mean', 'shape'),
    node('varianceShaped', 'Reshape', 'variance', 'shape'),
    node('centred', 'Sub', 'x', 'meanShaped'),
    node('varianceEps', 'AddV2', 'varianceShaped', 'eps'),
    node('rsqrt', 'Rsqrt', 'varianceEps'),
    node('factor', 'Mul', 'rsqrt', 'gamma'),
    node('scaled', 'Mul', 'centred', 'factor'),
    node('normalised', 'AddV2', 'scaled', 'beta'),
    node('next', 'Einsum', 'normalised', 'kernel'),
  ],
});

const shippedModel = (variant: MaximVariant) => {
  const { modelTopology, weightSpecs, weightData } = readMaxim(variant, false);
  return { nodes: modelTopology.node, constants: smallConstants(weightSpecs, weightData) };
};

describe('fusing the GELUs and layer normalisations of a MAXIM graph', () => {
  it('rewrites a GELU as one node on the dense product and its bias, under the name its consumer reads', () => {
    const { nodes, constants } = geluGraph();
    const { nodes: rewritten, gelus, layerNorms } = fuseGraph(nodes, constants);
    expect([gelus, layerNorms]).toEqual([1, 0]);
    expect(rewritten.find((n) => n.name === 'gelu')).toEqual({
      name: 'gelu',
      op: FUSED_GELU,
      input: ['dense', 'bias'],
      attr: {},
    });
    expect(rewritten.find((n) => n.name === 'next')?.input).toEqual(['gelu', 'kernel2']);
  });

  it('rewrites a layer normalisation as one node on x, gamma and beta, with its constants as attributes', () => {
    const { nodes, constants } = layerNormGraph();
    const { nodes: rewritten, gelus, layerNorms } = fuseGraph(nodes, constants);
    expect([gelus, layerNorms]).toEqual([0, 1]);
    expect(rewritten.find((n) => n.name === 'normalised')).toEqual({
      name: 'normalised',
      op: FUSED_LAYER_NORM,
      input: ['x', 'gamma', 'beta'],
      attr: { recip: { f: 0.25 }, epsilon: { f: Math.fround(1e-6) }, axis: { i: 3 } },
    });
  });

  it.each([
    ['a GELU with another cubic constant', geluGraph(0.05)],
    ['a normalisation whose variance is clamped at another floor', layerNormGraph(0.1)],
  ])('leaves %s as it is', (_, { nodes, constants }) => {
    const { nodes: rewritten, gelus, layerNorms } = fuseGraph(nodes, constants);
    expect([gelus, layerNorms]).toEqual([0, 0]);
    expect(rewritten).toEqual(nodes);
  });

  it.each(['retouching', 'enhancement'] as MaximVariant[])(
    'finds every GELU (152 Tanh) and every layer normalisation (240 Rsqrt) of the shipped %s model',
    (variant) => {
      const { nodes, constants } = shippedModel(variant);
      const count = (op: string) => nodes.filter((n) => n.op === op).length;
      expect([count('Tanh'), count('Rsqrt')]).toEqual([152, 240]);
      const { gelus, layerNorms } = fuseGraph(nodes, constants);
      expect([gelus, layerNorms]).toEqual([152, 240]);
    },
  );
});
