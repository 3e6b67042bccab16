import { expect, test } from 'vitest';
import { createBody, updateBody } from '@/features/infrastructure/surroundingForm';

const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'cafe.svg', { type: 'image/svg+xml' });
const chosen = { uid: 'new', name: 'cafe.svg', url: 'blob:cafe', file: svg };
const stored = { uid: 'icon-1', name: 'Кафе', url: '/media/icons/1.svg' };

const entries = (body: FormData | null) => (body ? [...body.entries()] : null);

test('create sends every title trimmed and the chosen file under `icon`', () => {
  const body = createBody({ title_ru: ' Кафе ', title_en: 'Café', title_ky: '', icon: [chosen] });
  expect(entries(body)).toEqual([
    ['title_ru', 'Кафе'],
    ['title_en', 'Café'],
    ['title_ky', ''],
    ['icon', expect.any(File)],
  ]);
  expect((body.get('icon') as File).name).toBe('cafe.svg');
});

test('edit sends only changed titles, the icon only when a new one was chosen, nothing when nothing changed', () => {
  const initial = { title_ru: 'Кафе', title_en: 'Café', title_ky: '' };
  expect(entries(updateBody(initial, { ...initial, title_ky: 'Кафе', icon: [stored] }))).toEqual([
    ['title_ky', 'Кафе'],
  ]);
  expect(entries(updateBody(initial, { ...initial, icon: [chosen] }))).toEqual([['icon', expect.any(File)]]);
  expect(updateBody(initial, { ...initial, icon: [stored] })).toBeNull();
});
