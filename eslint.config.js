import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { zaryadPlugin } from './eslint/domain-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/drizzle/**', 'data/**', '**/test-results/**'] },
  js.configs.recommended,
  {
    // Plain Node scripts (the TypeScript files get their globals from @types/node).
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      curly: ['error', 'all'],
    },
  },
  {
    // Server modules and web features import one another only through their index.ts (eslint/domain-boundaries.js).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/server/src/modules/**/*.ts'],
    plugins: { zaryad: zaryadPlugin },
    rules: { 'zaryad/domain-boundaries': 'error' },
  },
);
