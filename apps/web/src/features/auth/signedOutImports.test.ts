import { expect, test } from 'vitest';

/**
 * The signed-out screens are the app's first download (scripts/report-size.mjs weighs it; target < 200 KB
 * gzip): none of their modules may import antd, its icons, TanStack Query, dayjs or a zod parser. Contract
 * schemas (`zPassword`, `ZLoginBody`...) count as a parser; constants and types from the contract are fine.
 */
const sources = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '../../components/language-switcher/LanguageSwitcher.tsx'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const HEAVY_PACKAGE = /^(antd|@ant-design\/|@tanstack\/|dayjs|zod(\/v4)?$|zod\/(?!mini$))/;

const offendingImports = (source: string): string[] =>
  [...source.matchAll(/^import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm)].flatMap(
    ([line, isType, names, from]) => {
      if (isType || !from) {
        return [];
      }
      if (HEAVY_PACKAGE.test(from)) {
        return [line];
      }
      const schemas = (names ?? '').match(/\b[zZ][A-Z]\w*/g) ?? [];
      return from === '@zaryad/contracts' && schemas.length > 0 ? [line] : [];
    },
  );

test('no module of the signed-out screens imports antd, Query, dayjs or a zod schema', () => {
  const files = Object.keys(sources);
  expect(files).toContain('./LoginPage.tsx');
  expect(files).toContain('../../components/language-switcher/LanguageSwitcher.tsx');
  const offending = Object.entries(sources).flatMap(([file, source]) =>
    offendingImports(source).map((line) => `${file}: ${line}`),
  );
  expect(offending).toEqual([]);
});

test('the check itself catches what it is meant to', () => {
  expect(offendingImports("import { Button } from 'antd';")).toHaveLength(1);
  expect(offendingImports("import { useMutation } from '@tanstack/react-query';")).toHaveLength(1);
  expect(offendingImports("import { z } from 'zod';")).toHaveLength(1);
  expect(offendingImports("import { LIMITS, zPassword } from '@zaryad/contracts';")).toHaveLength(1);
  expect(offendingImports("import { regexes } from 'zod/mini';")).toEqual([]);
  expect(offendingImports("import { LIMITS } from '@zaryad/contracts';")).toEqual([]);
  expect(offendingImports("import type { TLoginBody } from '@zaryad/contracts';")).toEqual([]);
});
