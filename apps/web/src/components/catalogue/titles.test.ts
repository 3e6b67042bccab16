import { expect, test } from 'vitest';
import { changedTitles, localizedTitle } from '@/components/catalogue/titles';

const TITLES = { title_ru: 'Кафе', title_en: 'Café', title_ky: '  ' };

test('the title follows the language and falls back to Russian when that one is blank', () => {
  expect(localizedTitle(TITLES, 'en')).toBe('Café');
  expect(localizedTitle(TITLES, 'ky')).toBe('Кафе');
  expect(localizedTitle(TITLES, 'ru')).toBe('Кафе');
});

test('an edit keeps only the titles that changed, trimmed; spaces alone are no change', () => {
  expect(changedTitles(TITLES, { title_ru: ' Кафе ', title_en: 'Coffee', title_ky: '' })).toEqual({
    title_en: 'Coffee',
  });
  expect(changedTitles(TITLES, { ...TITLES })).toEqual({});
  expect(changedTitles(TITLES, { ...TITLES, title_en: '' })).toEqual({ title_en: '' });
});
