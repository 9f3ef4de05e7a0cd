import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import frontendWalls from './frontend/eslint/feature-walls.mjs';
import moduleWalls from './backend/eslint-rules/module-walls.mjs';

const frontendWallsOptions = { root: path.join(import.meta.dirname, 'frontend/src') };

export default tseslint.config(
  { ignores: ['**/dist/**', 'data/**', 'coverage/**', 'node_modules/**', '.nx/**', 'bench-output/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Nest's DI reads constructor parameter types at run time: a type-only import would erase them.
    files: ['backend/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['backend/src/**/*.ts'],
    // Benchmarks are tools that start the server as a user would, passing their own environment through.
    ignores: ['backend/src/config/**', 'backend/src/cli/bench-*.ts'],
    rules: {
      // Configuration is read once, in config/; everything else gets the typed AppConfig.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through AppConfig (backend/src/config).' },
      ],
    },
  },
  {
    // Domain code and the libraries are plain TypeScript: no framework, ORM or SDK (libs/ may use sharp and the model
    // runtime, which are the engine's own tools).
    files: ['backend/src/**/domain/**/*.ts', 'libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@nestjs/*',
                'typeorm',
                'typeorm-*',
                'pg',
                'bullmq',
                'ioredis',
                'minio',
                'nodemailer',
                'stripe',
                'passport*',
                'express',
                'posthog-*',
              ],
              message: 'domain/ and library code must not import Nest, TypeORM or an SDK.',
            },
          ],
        },
      ],
    },
  },
  // ---- Backend module walls (backend/eslint-rules/module-walls.mjs; proven by backend/test/integration/module-walls.spec.ts)
  {
    // A module is used only through its index.ts, and through what it exports there for others to call (use cases,
    // read models, ports), never its repositories. Tests and specs may reach internals (they test them).
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts'],
    plugins: { walls: moduleWalls },
    rules: { 'walls/module-internals': 'error', 'walls/no-foreign-repository': 'error' },
  },
  {
    // No import circle between modules: the graph is read from the modules' sources (specs left out).
    files: ['backend/src/modules/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts'],
    plugins: { walls: moduleWalls },
    rules: { 'walls/no-module-cycle': 'error' },
  },
  {
    // shared/ and config/ sit below every module: they import none (specs included).
    files: ['backend/src/shared/**/*.ts', 'backend/src/config/**/*.ts'],
    plugins: { walls: moduleWalls },
    rules: { 'walls/no-module-from-shared': 'error' },
  },
  // ---- end of backend module walls
  {
    // A library (libs/) imports its own files and other libraries by package name, never backend or client code
    // (backend/eslint-rules/module-walls.mjs; proven by libs/engine/test/library-walls.spec.ts).
    files: ['libs/**/*.{ts,js,mjs}'],
    plugins: { walls: moduleWalls },
    rules: { 'walls/library-bounds': 'error' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Frontend walls (docs/architecture.md): a feature is used only through its index.ts, and lib/ and components/
    // import no feature. Frontend files only; the backend's module walls belong in a block of their own.
    files: ['frontend/src/**/*.{ts,tsx,js,mjs}'],
    plugins: { 'frontend-walls': frontendWalls },
    rules: {
      'frontend-walls/no-feature-internals': ['error', frontendWallsOptions],
      'frontend-walls/no-feature-in-shared': ['error', frontendWallsOptions],
    },
  },
  {
    // The walls' own test (a plain CommonJS jest file: ESLint's configuration is JavaScript too).
    files: ['frontend/eslint/**/*.test.js'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
