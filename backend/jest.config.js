// Quick suite by default; long model runs are tagged `*.slow.spec.ts` and run with SLOW_TESTS=1 (CI does).
const swc = JSON.parse(require('fs').readFileSync(__dirname + '/.swcrc', 'utf8'));
delete swc.$schema;
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns: process.env.SLOW_TESTS ? ['/node_modules/'] : ['/node_modules/', '\\.slow\\.spec\\.ts$'],
  // The engine's WebAssembly kernels, compiled from libs/engine/assembly when missing or stale.
  globalSetup: '<rootDir>/../libs/engine/assembly/jest-global-setup.mjs',
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, sourceMaps: 'inline' }] },
  // The workspace's libraries from their sources, as tsc sees them (tsconfig.base.json paths), built or not.
  moduleNameMapper: { '^@listinglens/([^/]+)$': '<rootDir>/../libs/$1/src/index.ts' },
  testTimeout: 30000,
};
