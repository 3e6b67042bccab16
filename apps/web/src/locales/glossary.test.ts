import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '@/lib/language';
import { forbiddenPatterns, GLOSSARY } from '@/locales/glossary';

// Every text of every namespace, eager and lazy, as locales.test.ts reads them.
const FILES = import.meta.glob<object>(['./*/*.ts', './*/lazy/*.ts', '!./*/*.test.ts', '!./bundles/*.ts'], {
  eager: true,
  import: 'default',
});

const entries = (value: unknown, path: string): Array<[string, string]> =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => entries(child, `${path}.${key}`))
    : [[path, String(value)]];

const textsOf = (language: (typeof LANGUAGES)[number]) =>
  Object.entries(FILES)
    .filter(([file]) => file.startsWith(`./${language}/`))
    .flatMap(([file, texts]) => entries(texts, file.replace(/^\.\/\w+\/(lazy\/)?|\.ts$/g, '')));

describe.each(LANGUAGES)('%s texts follow the glossary', (language) => {
  const texts = textsOf(language);

  test('reads every namespace', () => {
    expect(texts.length).toBeGreaterThan(500);
  });

  test('no text uses a forbidden variant', () => {
    const found = texts.flatMap(([key, text]) =>
      forbiddenPatterns(language)
        // A placeholder (`{{kwh}}`) is no word of the text.
        .filter(({ pattern }) => pattern.test(text.replace(/\{\{[^}]*\}\}/g, '')))
        .map(({ source }) => `${key}: «${text}» has /${source}/`),
    );
    expect(found).toEqual([]);
  });

  test.each(GLOSSARY.map((entry) => [entry.concept, entry] as const))('uses the term of: %s', (_concept, entry) => {
    const term = entry.terms[language].toLocaleLowerCase(language);
    expect(texts.some(([, text]) => text.toLocaleLowerCase(language).includes(term))).toBe(true);
  });
});

test('the patterns catch what they are meant to', () => {
  const catches = (language: (typeof LANGUAGES)[number], text: string) =>
    forbiddenPatterns(language).some(({ pattern }) => pattern.test(text));
  expect(catches('ky', 'Бекеттер')).toBe(true);
  expect(catches('ky', 'Энергия, кВт·с')).toBe(true);
  expect(catches('ky', 'Энергия, кВт·саат')).toBe(false);
  expect(catches('ru', 'Последний heartbeat')).toBe(true);
  expect(catches('ru', 'Мощность, кВт')).toBe(false);
  expect(catches('ru', '60 kW')).toBe(true);
  expect(catches('en', '60 kWh')).toBe(false);
  expect(catches('en', 'Column information')).toBe(true);
});
