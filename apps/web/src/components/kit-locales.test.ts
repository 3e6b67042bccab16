import { expect, test } from 'vitest';
import { kitResources } from '@/components/test-i18n';

const keyPaths = (value: unknown, prefix = ''): string[] => {
  if (typeof value !== 'object' || value === null) {
    return [prefix];
  }
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
};

const leaves = (value: unknown): string[] =>
  typeof value === 'object' && value !== null ? Object.values(value).flatMap(leaves) : [String(value)];

test.each(['ru', 'ky'] as const)('kit locale %s has exactly the keys of en', (language) => {
  expect(keyPaths(kitResources[language].kit).sort()).toEqual(keyPaths(kitResources.en.kit).sort());
});

test.each(['en', 'ru', 'ky'] as const)('kit locale %s has no empty texts', (language) => {
  expect(leaves(kitResources[language].kit).filter((text) => text.trim() === '')).toEqual([]);
});

const textAt = (root: unknown, path: string) =>
  String(path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root));
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

test.each(['ru', 'ky'] as const)('kit locale %s keeps every interpolation placeholder of en', (language) => {
  for (const path of keyPaths(kitResources.en.kit)) {
    expect(placeholders(textAt(kitResources[language].kit, path)), path).toEqual(
      placeholders(textAt(kitResources.en.kit, path)),
    );
  }
});
