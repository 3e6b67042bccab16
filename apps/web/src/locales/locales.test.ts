import { expect, test } from 'vitest';
import { LANGUAGES } from '@/lib/language';
import { textsByNamespace } from '@/locales/bundles/textsByNamespace';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

// The same files the language chunks are built from, all three languages at once.
const FILES = import.meta.glob<object>(['./*/*.ts', './*/lazy/*.ts', '!./*/*.test.ts', '!./bundles/*.ts'], {
  eager: true,
  import: 'default',
});
const resources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    textsByNamespace(Object.fromEntries(Object.entries(FILES).filter(([path]) => path.startsWith(`./${language}/`)))),
  ]),
);

/** Every leaf key as `namespace:path.to.key`, plural forms folded into their base key. */
const keyPaths = (value: unknown, prefix: string): string[] => {
  if (typeof value !== 'object' || value === null) {
    return [prefix.replace(PLURAL_SUFFIX, '')];
  }
  return Object.entries(value).flatMap(([key, child]) =>
    keyPaths(child, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`),
  );
};

const keysOf = (language: (typeof LANGUAGES)[number]) =>
  [
    ...new Set(
      Object.entries(resources[language] ?? {}).flatMap(([namespace, texts]) => keyPaths(texts, `${namespace}:`)),
    ),
  ].sort();

const textsOf = (value: unknown): string[] =>
  typeof value === 'object' && value !== null ? Object.values(value).flatMap(textsOf) : [String(value)];

test('en has texts in every namespace it registers', () => {
  expect(keysOf('en').length).toBeGreaterThan(50);
});

test.each(['ru', 'ky'] as const)('%s has exactly the keys of en in every namespace', (language) => {
  const reference = keysOf('en');
  const actual = keysOf(language);
  expect({
    missing: reference.filter((key) => !actual.includes(key)),
    extra: actual.filter((key) => !reference.includes(key)),
  }).toEqual({
    missing: [],
    extra: [],
  });
});

test.each(['en', 'ru', 'ky'] as const)('%s has no blank texts', (language) => {
  expect(textsOf(resources[language]).filter((text) => text.trim() === '')).toEqual([]);
});

const LAZY_NAMESPACES = new Set(
  Object.keys(FILES)
    .filter((path) => path.includes('/lazy/'))
    .map((path) => path.replace(/^.*\/([^/]+)\.ts$/, '$1')),
);

test.each(['en', 'ru', 'ky'] as const)(
  'the %s chunk holds every namespace of its folder but the lazy ones',
  async (language) => {
    const { texts } = await import(`./bundles/${language}.ts`);
    expect(Object.keys(texts as object).sort()).toEqual(
      Object.keys(resources[language] ?? {})
        .filter((namespace) => !LAZY_NAMESPACES.has(namespace))
        .sort(),
    );
  },
);
