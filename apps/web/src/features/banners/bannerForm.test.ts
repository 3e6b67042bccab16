import type { TBannerItem } from '@zaryad/contracts';
import dayjs from 'dayjs';
import { expect, test } from 'vitest';
import { fromApiDateTime, toApiDateTime } from '@/components/period-field/periodValue';
import { emptyBannerValues, toFormData, toFormValues } from '@/features/banners/bannerForm';
import { formPath, readBannerTab, readBannerEditedState, tabOf, tabQuery } from '@/features/banners/bannerTabs';

const BANNER: TBannerItem = {
  id: 7,
  type: 'banner',
  is_banner: true,
  name: 'Night discount',
  image: '/media/banners/a.png',
  source_link: 'https://zaryad.kg/night',
  button_name: 'More',
  button_color: '#22A699',
  merchant: 3,
  merchant_name: 'Bishkek Park',
  stations: [11, 12],
  status: 0,
  start_date: '2026-12-01T03:00:00.000Z',
  end_date: '2026-12-31T17:59:00.000Z',
  is_archived: false,
  created_at: '2026-11-20T00:00:00.000Z',
};

const entries = (form: FormData) =>
  [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : 'file']);

test('the tabs: read from the URL, asked of the server, and where an item belongs', () => {
  expect(readBannerTab(null)).toBe('banner');
  expect(readBannerTab('archive-fullscreen')).toBe('archive-fullscreen');
  expect(readBannerTab('popup')).toBe('banner');
  expect(tabQuery('banner')).toEqual({ type: 'banner', archive: 'false' });
  expect(tabQuery('archive-fullscreen')).toEqual({ type: 'fullscreen', archive: 'true' });
  expect(tabOf({ type: 'fullscreen', is_archived: true })).toBe('archive-fullscreen');
  expect(tabOf({ type: 'banner', is_archived: false })).toBe('banner');
  expect(formPath('banner')).toBe('/banners/create-banner/');
  expect(formPath('fullscreen', 4)).toBe('/banners/create-fullscr/4');
  expect(readBannerEditedState({ edited: { id: 4, name: 'X', tab: 'fullscreen' } })).toEqual({
    id: 4,
    name: 'X',
    tab: 'fullscreen',
  });
  expect(readBannerEditedState({ edited: { id: 4, name: 'X', tab: 'elsewhere' } })).toBeNull();
  expect(readBannerEditedState(null)).toBeNull();
});

test('times are Bishkek wall-clock times whatever the browser zone', () => {
  const picked = fromApiDateTime('2026-12-01T03:00:00.000Z');
  expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 09:00');
  expect(toApiDateTime(dayjs('2026-12-01 09:00'))).toBe('2026-12-01T09:00:00+06:00');
});

test('a create sends every field of its type, the type first', () => {
  const file = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
  const values = {
    ...emptyBannerValues(),
    name: 'Zaryad 3.0',
    image: [{ uid: '1', name: 'a.png', url: 'blob:1', file }],
    link: 'https://zaryad.kg/app',
    categories: ['main' as const, 'maps' as const],
    destination: 'webview' as const,
    period: [dayjs('2026-12-01 09:00'), dayjs('2026-12-02 09:00')] as [dayjs.Dayjs, dayjs.Dayjs],
  };
  expect(entries(toFormData('fullscreen', values))).toEqual([
    ['type', 'fullscreen'],
    ['name', 'Zaryad 3.0'],
    ['image', 'file'],
    ['merchant', ''],
    ['status', '0'],
    ['start_date', '2026-12-01T09:00:00+06:00'],
    ['end_date', '2026-12-02T09:00:00+06:00'],
    ['link', 'https://zaryad.kg/app'],
    ['categories', 'main'],
    ['categories', 'maps'],
    ['destination', 'webview'],
  ]);
});

test('an edit sends only what changed; clearing the stations sends an empty value', () => {
  const initial = toFormValues(BANNER);
  expect(initial.period?.[0].format('DD.MM.YYYY HH:mm')).toBe('01.12.2026 09:00');
  expect(entries(toFormData('banner', initial, initial))).toEqual([]);
  const edited = { ...initial, name: 'Night', isActive: false, stations: [] };
  expect(entries(toFormData('banner', edited, initial))).toEqual([
    ['name', 'Night'],
    ['status', '1'],
    ['stations', ''],
  ]);
  const moved = { ...initial, period: [initial.period![0], dayjs('2027-01-10 18:00')] as [dayjs.Dayjs, dayjs.Dayjs] };
  expect(entries(toFormData('banner', moved, initial))).toEqual([
    ['start_date', '2026-12-01T09:00:00+06:00'],
    ['end_date', '2027-01-10T18:00:00+06:00'],
  ]);
});

test('the preview button text is black or white, whichever reads better', async () => {
  const { readableTextColour } = await import('@/features/banners/PhonePreview');
  expect(readableTextColour('#22A699')).toBe('#000000');
  expect(readableTextColour('#0B3D5C')).toBe('#ffffff');
  expect(readableTextColour('#FFFFFF')).toBe('#000000');
  expect(readableTextColour('teal')).toBe('#ffffff');
});
