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
    '^@catalogue$': '<rootDir>/../backend/src/modules/packages/domain/package-catalogue.ts',
    '^@photo-checks$': '<rootDir>/../backend/src/modules/photos/domain/photo-checks.ts',
    '\\.css$': 'identity-obj-proxy',
  },
  setupFiles: ['<rootDir>/jest.polyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
};
