import { expect, test } from 'vitest';
import { parseStationFilters, stationFiltersQuery } from '@/features/stations/filters';
import { stationTexts } from '@/features/stations/texts';

test('the filters read from the URL write back the same query, defaults left out', () => {
  const query = 'view=map&type=ccs2%2Ctype2&power=50&available=1&q=%D0%A7%D1%83%D0%B9';
  const filters = parseStationFilters(new URLSearchParams(query));
  expect(filters).toEqual({ view: 'map', types: ['ccs2', 'type2'], minPower: 50, availableNow: true, search: 'Чуй' });
  expect(stationFiltersQuery(filters).toString()).toBe(query);
  expect(stationFiltersQuery(parseStationFilters(new URLSearchParams(''))).toString()).toBe('');
});

test('bad values fall back to the defaults', () => {
  expect(parseStationFilters(new URLSearchParams('view=3d&type=ccs2,,<b>,ccs2&power=-1&available=yes'))).toEqual({
    view: 'list',
    types: ['ccs2'],
    minPower: null,
    availableNow: false,
    search: '',
  });
});

/** Every key path of a bundle, plural forms counted as one key. */
const keysOf = (bundle: unknown, prefix = ''): string[] =>
  bundle !== null && typeof bundle === 'object' && !Array.isArray(bundle)
    ? Object.entries(bundle).flatMap(([key, value]) =>
        keysOf(value, `${prefix}${key.replace(/_(one|few|many|other)$/, '')}.`),
      )
    : [prefix];

test('the stations texts have the same keys in ru, en and ky', () => {
  const ru = [...new Set(keysOf(stationTexts.ru))].sort();
  expect([...new Set(keysOf(stationTexts.en))].sort()).toEqual(ru);
  expect([...new Set(keysOf(stationTexts.ky))].sort()).toEqual(ru);
  expect(stationTexts.ky.days).toHaveLength(7);
});
