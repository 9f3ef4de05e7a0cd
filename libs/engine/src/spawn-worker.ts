import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on one of this code base's modules (`directory`/`name`). From a build the module is plain
 * JS next to the caller (in the library's dist/ or the backend's). From TypeScript sources (tests) it is compiled on
 * load with swc, which the test toolchain already provides, with the decorator settings the backend's Nest classes
 * need; there the workspace's own packages (`@listinglens/*`) load from their sources too, as jest maps them, since
 * a library's dist/ exists only once it is built.
 */
export const spawnWorker = (directory: string, name: string, workerData: unknown): Worker => {
  const compiled = path.join(directory, `${name}.js`);
  if (existsSync(compiled)) return new Worker(compiled, { workerData });
  const source = path.join(directory, `${name}.ts`);
  const bootstrap = `
    const { transformSync } = require(${JSON.stringify(require.resolve('@swc/core'))});
    const fs = require('fs');
    const Module = require('module');
    const resolve = Module._resolveFilename;
    Module._resolveFilename = function (request, ...rest) {
      if (request.split('/')[0] !== '@listinglens' || request.split('/').length !== 2) {
        return resolve.call(this, request, ...rest);
      }
      const manifest = resolve.call(this, request + '/package.json', ...rest);
      return require('path').join(require('path').dirname(manifest), 'src', 'index.ts');
    };
    require.extensions['.ts'] = (m, file) => m._compile(transformSync(fs.readFileSync(file, 'utf8'), {
      filename: file,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    }).code, file);
    require(${JSON.stringify(source)});`;
  return new Worker(bootstrap, { eval: true, workerData });
};
