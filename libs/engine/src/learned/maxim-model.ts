import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { registerChannelConcatKernel } from './channel-concat-kernel';
import { registerChannelSliceKernel } from './channel-slice-kernel';
import { registerEinsumKernel } from './einsum-kernel';
import { fuseGraph, smallConstants, type TopologyNode } from './fuse-graph';
import { registerGeluKernel } from './gelu-kernel';
import { registerLayerNormKernel } from './layer-norm-kernel';
import { registerTanhKernel } from './tanh-kernel';
import { registerTransposedConvKernel } from './transposed-conv-kernel';

export type MaximVariant = 'retouching' | 'enhancement';

export const MAXIM_PACKAGES: Record<MaximVariant, string> = {
  retouching: '@upscalerjs/maxim-retouching',
  enhancement: '@upscalerjs/maxim-enhancement',
};

/** MAXIM's U-Net downsamples six times: inputs must be a multiple of 64 on both sides. */
const DIVISOR = 64;

const packageRoot = (name: string): string => {
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'models'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot locate the ${name} package`);
    dir = parent;
  }
  return dir;
};

/**
 * A variant's graph and weights, read from its installed npm package (no network, no file:// fetch), with its GELUs
 * and layer normalisations fused into one kernel each unless `fuse` is false.
 */
export const readMaxim = (variant: MaximVariant, fuse: boolean) => {
  const modelDir = path.join(packageRoot(MAXIM_PACKAGES[variant]), 'models');
  const manifest = JSON.parse(readFileSync(path.join(modelDir, 'model.json'), 'utf8'));
  const weightSpecs: tf.io.WeightsManifestEntry[] = [];
  const buffers: Buffer[] = [];
  for (const group of manifest.weightsManifest as tf.io.WeightsManifestConfig) {
    weightSpecs.push(...group.weights);
    for (const shard of group.paths) buffers.push(readFileSync(path.join(modelDir, shard)));
  }
  const weights = Buffer.concat(buffers);
  const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length);
  const topology = manifest.modelTopology as { node: TopologyNode[] };
  if (fuse) topology.node = fuseGraph(topology.node, smallConstants(weightSpecs, weightData)).nodes;
  return {
    modelTopology: topology,
    format: manifest.format,
    generatedBy: manifest.generatedBy,
    convertedBy: manifest.convertedBy,
    signature: manifest.signature,
    weightSpecs,
    weightData,
  } satisfies tf.io.ModelArtifacts;
};

let backendReady: Promise<void> | null = null;

/** The wasm backend with the kernels MAXIM needs (Einsum) and the faster ones written here. */
export const initBackend = (): Promise<void> => {
  backendReady ??= (async () => {
    setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
    await tf.setBackend('wasm');
    await tf.ready();
    registerEinsumKernel('wasm');
    registerTanhKernel('wasm');
    registerTransposedConvKernel('wasm');
    registerChannelSliceKernel('wasm');
    registerChannelConcatKernel('wasm');
    registerGeluKernel('wasm');
    registerLayerNormKernel('wasm');
  })();
  return backendReady;
};

export interface LoadedMaxim {
  variant: MaximVariant;
  version: string;
  run(image: { width: number; height: number; data: Uint8Array }): Uint8Array;
}

/**
 * Loads a MAXIM graph on the TensorFlow.js wasm backend. Call once per process (worker). `fuse: false` keeps the graph
 * as the converter wrote it (to measure the fused kernels against).
 */
export const loadMaxim = async (variant: MaximVariant, { fuse = true } = {}): Promise<LoadedMaxim> => {
  await initBackend();
  const root = packageRoot(MAXIM_PACKAGES[variant]);
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;
  const model = await tf.loadGraphModel({ load: async () => readMaxim(variant, fuse) });
  return {
    variant,
    version,
    run: ({ width, height, data }) => {
      // Pad by edge replication to the divisor; the border is cropped off the output.
      const pw = Math.ceil(width / DIVISOR) * DIVISOR;
      const ph = Math.ceil(height / DIVISOR) * DIVISOR;
      const padded = new Float32Array(pw * ph * 3);
      for (let y = 0; y < ph; y++) {
        const sy = Math.min(y, height - 1);
        for (let x = 0; x < pw; x++) {
          const s = (sy * width + Math.min(x, width - 1)) * 3;
          const d = (y * pw + x) * 3;
          padded[d] = data[s] / 255;
          padded[d + 1] = data[s + 1] / 255;
          padded[d + 2] = data[s + 2] / 255;
        }
      }
      const values = tf.tidy(() => {
        const input = tf.tensor4d(padded, [1, ph, pw, 3]);
        const output = model.execute(input) as tf.Tensor | tf.Tensor[];
        const last = Array.isArray(output) ? output[output.length - 1] : output;
        return last.clipByValue(0, 1).dataSync() as Float32Array;
      });
      const out = new Uint8Array(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const s = (y * pw + x) * 3;
          const d = (y * width + x) * 3;
          out[d] = Math.round(values[s] * 255);
          out[d + 1] = Math.round(values[s + 1] * 255);
          out[d + 2] = Math.round(values[s + 2] * 255);
        }
      }
      return out;
    },
  };
};
