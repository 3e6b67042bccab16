import { STATUS } from '@zaryad/contracts';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { readListParams, toListQuery, urlList, writeListParams } from '@/components/data-table/listParams';

const filtersSchema = z.object({
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(STATUS.active), z.literal(STATUS.inactive)]))
    .optional(),
  role: z.string().default('all'),
  station_id__in: urlList(z.coerce.number().int().positive()),
});

test('reads page, size, search and filters from the URL', () => {
  const state = readListParams(
    new URLSearchParams('page=3&size=20&search=ala&status=1&role=admin&station_id__in=4&station_id__in=7'),
    filtersSchema,
  );
  expect(state).toEqual({
    page: 3,
    size: 20,
    search: 'ala',
    filters: { status: 1, role: 'admin', station_id__in: [4, 7] },
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
