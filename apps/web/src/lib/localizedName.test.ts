import { describe, expect, it } from 'vitest';
import { localizedName } from '@/lib/localizedName';

const station = { name_ru: 'ул. Токтогула', name_en: 'Toktogul St.', name_ky: 'Токтогул көч.' };

describe('localizedName', () => {
  it('shows the interface language name', () => {
    expect(localizedName(station, 'ru')).toBe('ул. Токтогула');
    expect(localizedName(station, 'en')).toBe('Toktogul St.');
    expect(localizedName(station, 'ky')).toBe('Токтогул көч.');
  });

  it('falls back to Russian when the language has no text', () => {
    expect(localizedName({ ...station, name_en: '  ' }, 'en')).toBe('ул. Токтогула');
    expect(localizedName({ name_ru: 'Кафе', name_ky: null }, 'ky')).toBe('Кафе');
    expect(localizedName({ name_ru: 'Кафе' }, 'en')).toBe('Кафе');
  });

  it('reads another field family and an unknown language as Russian', () => {
    const titles = { title_ru: 'Кафе', title_en: 'Café', title_ky: '' };
    expect(localizedName(titles, 'en', 'title')).toBe('Café');
    expect(localizedName(titles, 'ky', 'title')).toBe('Кафе');
    expect(localizedName(station, 'de')).toBe('ул. Токтогула');
  });

  it('gives an empty text for a missing record', () => {
    expect(localizedName(undefined, 'en')).toBe('');
    expect(localizedName({ name_ru: '', name_en: '' }, 'en')).toBe('');
  });
});
