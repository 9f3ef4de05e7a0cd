// Jest's globalSetup for the suites that load the engine from its sources (libs/engine, backend): its kernels compiled
// first when missing or stale.
import { buildKernels } from './build.mjs';

export default async () => {
  await buildKernels();
};
