import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { zaryadPlugin as boundariesPlugin } from './eslint/domain-boundaries.js';
import { noAdHocNumberFormat } from './eslint/no-ad-hoc-number-format.js';
import { noOutsideDocs } from './eslint/no-outside-docs.js';
import { platformBelowModules } from './eslint/platform-below-modules.js';

// The repository's own rules (eslint/, each with its node test).
const zaryadPlugin = {
  rules: {
    ...boundariesPlugin.rules,
    'no-ad-hoc-number-format': noAdHocNumberFormat,
    'no-outside-docs': noOutsideDocs,
    'platform-below-modules': platformBelowModules,
  },
};

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
    // Code cites the repository's docs/, never documents outside it (eslint/no-outside-docs.js).
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['eslint/no-outside-docs.js', 'eslint/no-outside-docs.test.js'],
    plugins: { zaryad: zaryadPlugin },
    rules: { 'zaryad/no-outside-docs': 'error' },
  },
  {
    // Server modules and web features import one another only through their index.ts (eslint/domain-boundaries.js).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/server/src/modules/**/*.ts'],
    plugins: { zaryad: zaryadPlugin },
    rules: { 'zaryad/domain-boundaries': 'error' },
  },
  {
    // The server's platform imports no module (eslint/platform-below-modules.js): modules implement its interfaces.
    // Its tests may hold every domain to the platform's rules, and so name their tables.
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['apps/server/src/platform/**/*.test.ts'],
    plugins: { zaryad: zaryadPlugin },
    rules: { 'zaryad/platform-below-modules': 'error' },
  },
  {
    // One number formatter for the web app (issue 31): no toLocaleString, toFixed or Intl.NumberFormat beside it.
    // Tests may build the API's answers as they please.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/numberFormat.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { zaryad: zaryadPlugin },
    rules: { 'zaryad/no-ad-hoc-number-format': 'error' },
  },
  {
    // The production build leaves out antd parts no screen uses (apps/web/build/withoutUnusedAntd.ts): a column (an
    // object with a title) must not ask for the Table's filter dropdown, nor a Card for tabs.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ObjectExpression:has(> Property[key.name='title']) > Property[key.name=/^(filters|filterDropdown|onFilter|filterSearch)$/]",
          message:
            'Column filters are left out of the build (apps/web/build/withoutUnusedAntd.ts): filter in the list toolbar.',
        },
        {
          selector: "JSXOpeningElement[name.name='Card'] > JSXAttribute[name.name='tabList']",
          message:
            "Card's tabs are left out of the build (apps/web/build/withoutUnusedAntd.ts): put <Tabs> in the card.",
        },
      ],
    },
  },
);
