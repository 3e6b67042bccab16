import { expect, test } from 'vitest';
import {
  listOf,
  oneOf,
  positiveInt,
  readListParams,
  textParam,
  toListQuery,
  writeListParams,
} from '@/components/data-table/listParams';

const filtersSchema = {
  status: oneOf(['0', '1']),
  role: (raw: string | string[] | undefined) => textParam(20)(raw) ?? 'all',
  station_id__in: listOf(positiveInt),
};

test('reads page, size, search and filters from the URL', () => {
  const state = readListParams(
    new URLSearchParams('page=3&size=20&search=ala&status=1&role=admin&station_id__in=4&station_id__in=7'),
    filtersSchema,
  );
  expect(state).toEqual({
    page: 3,
    size: 20,
    search: 'ala',
    filters: { status: '1', role: 'admin', station_id__in: [4, 7] },
  });
});

test('bad values fall back to defaults one by one', () => {
  const state = readListParams(
    new URLSearchParams('page=-1&size=abc&status=9&role=admin&station_id__in=x'),
    filtersSchema,
  );
  expect(state).toEqual({
    page: 1,
    size: 10,
    search: '',
    filters: { status: undefined, role: 'admin', station_id__in: undefined },
  });
  expect(readListParams(new URLSearchParams('size=5000'), filtersSchema).size).toBe(10);
  expect(readListParams(new URLSearchParams(''), filtersSchema).filters.role).toBe('all');
});

test('writing drops empty values and defaults and keeps params the list does not own', () => {
  const next = writeListParams(new URLSearchParams('tab=archive&search=old&status=1&page=4'), {
    search: '  ',
    status: undefined,
    station_id__in: [2, 3],
    role: 'manager',
    page: 1,
    size: 10,
  });
  expect(next.toString()).toBe('tab=archive&station_id__in=2&station_id__in=3&role=manager');
});

test('the API query leaves out empty filters', () => {
  expect(
    toListQuery({
      page: 2,
      size: 20,
      search: ' ala ',
      filters: { status: undefined, role: 'all', station_id__in: [] },
    }),
  ).toEqual({ page: 2, size: 20, search: 'ala', role: 'all' });
});

test('each reader takes only what it knows', () => {
  expect(oneOf(['true', 'false'])(['true', 'false'])).toBeUndefined();
  expect(textParam(3)('abcd')).toBeUndefined();
  expect(textParam(3)(['ab'])).toBeUndefined();
  expect(listOf(positiveInt)('5')).toEqual([5]);
  expect(listOf(positiveInt)(['5', '0'])).toBeUndefined();
  expect(positiveInt('1e3')).toBeUndefined();
  expect(positiveInt('9999999999999999')).toBeUndefined();
});
