import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the build writes the kernels compiled from `libs/engine/assembly` (its `build.mjs`): the library's dist
 * folder, which is this file's folder once built and its sibling in the sources, so tests from the sources load the
 * same modules (their jest globalSetup compiles them when missing or stale).
 */
const KERNELS_DIR = path.join(__dirname, '..', 'dist', 'kernels');

const modules = new Map<string, WebAssembly.Module | null>();

/**
 * The compiled module of a kernel (`lut`: the 3D LUT, `maxim`: the model's fused kernels, `unsharp`: the unsharp
 * mask's, `listing`: the listing look's rendering), compiled by the runtime once; null where the runtime cannot
 * validate it (no WebAssembly SIMD), for the caller's JavaScript loop.
 */
export const kernelModule = (kernel: 'lut' | 'maxim' | 'unsharp' | 'listing'): WebAssembly.Module | null => {
  let module = modules.get(kernel);
  if (module === undefined) {
    const file = path.join(KERNELS_DIR, `${kernel}.wasm`);
    if (!existsSync(file))
      throw new Error(`The engine's ${kernel} kernel is not built (${file}): run npm run build:engine.`);
    const bytes = readFileSync(file);
    module = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    modules.set(kernel, module);
  }
  return module;
};
