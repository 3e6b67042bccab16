import { expect, test } from 'vitest';
import { buildUpdateForm } from '@/features/stations/form/buildMultipart';
import { formatCoordinate, hasStationChanges, stationChanges } from '@/features/stations/form/changes';
import { emptyStationValues, type TStationFormValues } from '@/features/stations/form/formValues';

const tag = (id: number) => ({ id, title_ru: `t${id}`, title_en: '', title_ky: '' });
const stored = (): TStationFormValues => ({
  ...emptyStationValues(),
  name_ru: 'Ала-Тоо',
  name_en: 'Ala-Too',
  name_ky: 'Ала-Тоо',
  pic: 'Айбек',
  identity: 'ALA-01',
  execution_type: 'wall',
  country: 1,
  city: 2,
  latitude: '42.870000',
  longitude: '74.590000',
  tags: [tag(1), tag(2)],
  environment: [tag(5)],
  schedule: [
    { day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
    { day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
  ],
  photos: [
    { uid: 'media-7', id: 7, name: 'a.png', url: '/media/a.png' },
    { uid: 'media-8', id: 8, name: 'b.png', url: '/media/b.png' },
  ],
});

const entries = (form: FormData) =>
  [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]);

test('nothing changed: nothing to send, even with coordinates typed differently or the schedule reordered', () => {
  const initial = stored();
  const same = { ...stored(), latitude: '42.87', schedule: [...initial.schedule].reverse(), tags: [tag(2), tag(1)] };
  const changes = stationChanges(initial, same);
  expect(hasStationChanges(changes)).toBe(false);
});

test('one changed field is the only one sent; an empty password keeps the stored one', () => {
  const changes = stationChanges(stored(), { ...stored(), pic: 'Нурлан' });
  expect(entries(buildUpdateForm(changes))).toEqual([['pic', 'Нурлан']]);
  const password = stationChanges(stored(), { ...stored(), password: 'abcdEFGH12345678' });
  expect(entries(buildUpdateForm(password))).toEqual([['password', 'abcdEFGH12345678']]);
});

test('status and switches are sent as the API reads them', () => {
  const changes = stationChanges(stored(), { ...stored(), status: 1, is_new: true, longitude: '74.6' });
  expect(entries(buildUpdateForm(changes))).toEqual([
    ['longitude', '74.600000'],
    ['status', '1'],
    ['is_new', 'true'],
  ]);
});

test('emptied lists go as delete flags; changed lists as repeated fields', () => {
  const changes = stationChanges(stored(), { ...stored(), tags: [], environment: [tag(5), tag(6)] });
  expect(entries(buildUpdateForm(changes))).toEqual([
    ['delete_tags', 'true'],
    ['environment', '5'],
    ['environment', '6'],
  ]);
});

test('removed media by id, new files indexed, the avatar only as a new file, the whole schedule when it changed', () => {
  const photo = new File(['x'], 'new.png', { type: 'image/png' });
  const avatar = new File(['y'], 'face.png', { type: 'image/png' });
  const initial = { ...stored(), avatar: [{ uid: 'avatar', name: 'old.png', url: '/media/old.png' }] };
  const changes = stationChanges(initial, {
    ...initial,
    photos: [initial.photos[1]!, { uid: 'n1', name: 'new.png', url: 'blob:1', file: photo }],
    schedule: [{ day: 1, start_time: '00:00:00', end_time: '00:00:00', is_break: false }],
  });
  expect(entries(buildUpdateForm(changes))).toEqual([
    ['schedule[0]day', '1'],
    ['schedule[0]start_time', '00:00:00'],
    ['schedule[0]end_time', '00:00:00'],
    ['schedule[0]is_break', 'false'],
    ['deleted_media_ids[0]', '7'],
    ['media_files[0]content', 'file:new.png'],
  ]);
  const withAvatar = stationChanges(initial, {
    ...initial,
    avatar: [{ uid: 'a', name: 'face.png', url: 'blob:2', file: avatar }],
  });
  expect(entries(buildUpdateForm(withAvatar))).toEqual([['avatar', 'file:face.png']]);
});

test('coordinates travel with 6 decimals', () => {
  expect(formatCoordinate('42.87')).toBe('42.870000');
  expect(formatCoordinate(' -7 ')).toBe('-7.000000');
  expect(formatCoordinate('')).toBe('');
  expect(formatCoordinate('abc')).toBe('abc');
});
