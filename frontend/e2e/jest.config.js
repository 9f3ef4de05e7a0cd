/**
 * Browser journeys: playwright-core driving Debian's Chromium against a running server.
 *   npm run build && npx jest -c frontend/e2e/jest.config.js --forceExit
 * Uses E2E_BASE_URL when set, otherwise starts `node dist/backend/main.js` on a free port with a temp DATA_DIR.
 * Skips (with a message) when /usr/bin/chromium is absent. Screenshots: bench-output/e2e/ (git-ignored).
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  testTimeout: 120000,
  // Each suite starts a server and a browser: one at a time, or they fight over a small machine's cores.
  maxWorkers: 1,
};
