import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/components/domain-hooks/queryKeys';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');
const FACTORY = 'components/domain-hooks/queryKeys.ts';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sources(path);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('the query-key factory', () => {
  it('is the only place keys are made: no other createQueryKeys call, no literal or spread key', () => {
    const offenders = sources(SRC)
      .map((path) => ({ file: relative(SRC, path), text: readFileSync(path, 'utf8') }))
      .filter(({ file }) => file !== FACTORY)
      .flatMap(({ file, text }) =>
        [/createQueryKeys\(/, /queryKey:\s*\[/, /queryKey:\s*['"`]/, /\ball:\s*\[/]
          .filter((pattern) => pattern.test(text))
          .map((pattern) => `${file}: ${String(pattern)}`),
      );
    expect(offenders).toEqual([]);
  });

  it('gives every domain its own root, so one domain\'s invalidation never reaches another\'s', () => {
    const roots = Object.values(queryKeys).map((keys) => keys.all[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });
});
