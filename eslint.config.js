import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // No dynamic code (ASVS 1.3.2), strict comparisons only (15.3.5).
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Examples for operators and repository scripts: plain Node modules, with Node's globals.
    files: ['docs/examples/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: { fetch: 'readonly', URL: 'readonly', console: 'readonly', process: 'readonly' } },
  },
  {
    // The pages' scripts run in the browser, as classic scripts.
    files: ['src/pages/static/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', navigator: 'readonly', fetch: 'readonly', setTimeout: 'readonly' },
    },
  },
  {
    files: ['spec/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
