// Compiles the engine's AssemblyScript kernels to WebAssembly, `<kernel>.wasm` in libs/engine/dist/kernels, where the
// engine loads them from its build and from its sources alike (wasm-kernels.ts). A .wasm newer than its source and
// this script is kept, so the tests call this before every run for nothing. The .wasm files are never committed.
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';

const here = import.meta.dirname;
export const KERNELS_DIR = path.join(here, '..', 'dist', 'kernels');
/**
 * Each kernel is one source file here and one module: `lut` (the 3D LUT), `maxim` (the model's fused kernels),
 * `unsharp` (the unsharp mask's luma, blur and detail), `listing` (the listing look's full-size rendering).
 */
const KERNELS = ['lut', 'maxim', 'unsharp', 'listing'];
// SIMD on, optimised for speed, the stub runtime (the kernels allocate nothing), no abort import, and the memory
// imported: the LUT gets its own, the model's kernels work in the TensorFlow.js backend's heap.
const FLAGS = ['-O3', '--noAssert', '--runtime', 'stub', '--use', 'abort=', '--enable', 'simd'];
const MEMORY = ['--importMemory', '--noExportMemory'];

const modified = async (file) => (await stat(file).catch(() => null))?.mtimeMs ?? -1;

const compile = async (kernel, output) => {
  // Loaded only to compile: the compiler (Binaryen) takes seconds to load.
  const { default: asc } = await import('assemblyscript/asc');
  // Written aside and renamed, so a test run starting meanwhile never reads half a module.
  const partial = `${output}.${process.pid}.partial`;
  const { error, stderr } = await asc.main([path.join(here, `${kernel}.ts`), '-o', partial, ...FLAGS, ...MEMORY]);
  if (error) throw new Error(`Compiling the ${kernel} kernel failed: ${error.message}\n${stderr.toString()}`);
  await rename(partial, output);
};

/** Brings every kernel's .wasm up to date; returns the kernels it compiled. */
export const buildKernels = async () => {
  const built = [];
  const script = await modified(import.meta.filename);
  await mkdir(KERNELS_DIR, { recursive: true });
  for (const kernel of KERNELS) {
    const output = path.join(KERNELS_DIR, `${kernel}.wasm`);
    if ((await modified(output)) > Math.max(script, await modified(path.join(here, `${kernel}.ts`)))) continue;
    await compile(kernel, output);
    built.push(kernel);
  }
  return built;
};

if (process.argv[1] === import.meta.filename) {
  const built = await buildKernels();
  console.log(built.length ? `Compiled the ${built.join(', ')} kernels into ${KERNELS_DIR}` : 'Kernels up to date');
}
