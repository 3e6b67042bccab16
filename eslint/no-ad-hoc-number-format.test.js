// Runs with `node --test eslint/` (part of `npm run test:unit`).
import { after, describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { noAdHocNumberFormat } from './no-ad-hoc-number-format.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = after;

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

const error = (what) => ({ messageId: 'adHoc', data: { what } });

ruleTester.run('no-ad-hoc-number-format', noAdHocNumberFormat, {
  valid: [
    'const text = figures.money(total);',
    "const text = numberFormat('en').count(201309);",
    'const n = Number(value);',
    'const locale = Intl.DateTimeFormat;',
    'const fixed = toFixed;',
  ],
  invalid: [
    { code: "const a = total.toLocaleString('ru-RU');", errors: [error('toLocaleString()')] },
    { code: 'const a = fee.toFixed(2);', errors: [error('toFixed()')] },
    { code: 'const a = value?.toFixed(1);', errors: [error('toFixed()')] },
    { code: 'const a = value.toPrecision(3);', errors: [error('toPrecision()')] },
    { code: "const a = new Intl.NumberFormat('en').format(1);", errors: [error('Intl.NumberFormat')] },
    { code: "const a = Intl.NumberFormat('en').format(1);", errors: [error('Intl.NumberFormat')] },
    { code: 'const a = Math.abs(change).toLocaleString();', errors: [error('toLocaleString()')] },
  ],
});
