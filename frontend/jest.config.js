const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  sourceMaps: 'inline',
};

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  // eslint/: the frontend's lint rules, tested with the repository's own ESLint configuration.
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/eslint/**/*.test.js'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions] },
  moduleNameMapper: {
    '^@listinglens/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '\\.css$': 'identity-obj-proxy',
  },
  setupFiles: ['<rootDir>/jest.polyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
};
