import { expect, test } from 'vitest';
import { getBulkState, mergeById } from '@/components/bulk-status/bulkStatus';

test('nothing selected, mixed, all active, all inactive', () => {
  expect(getBulkState([])).toEqual({ kind: 'empty' });
  expect(
    getBulkState([
      { id: 1, status: 0 },
      { id: 2, status: 1 },
    ]),
  ).toEqual({ kind: 'mixed', count: 2 });
  expect(
    getBulkState([
      { id: 1, status: 0 },
      { id: 2, status: 0 },
    ]),
  ).toEqual({ kind: 'ready', count: 2, active: false });
  expect(getBulkState([{ id: 3, status: 1 }])).toEqual({ kind: 'ready', count: 1, active: true });
});

test('mergeById replaces the answered records and keeps order and the others', () => {
  const list = [
    { id: 1, name: 'A', status: 0 },
    { id: 2, name: 'B', status: 0 },
    { id: 3, name: 'C', status: 1 },
  ];
  expect(
    mergeById(list, [
      { id: 2, name: 'B', status: 1 },
      { id: 9, name: 'Z', status: 1 },
    ]),
  ).toEqual([
    { id: 1, name: 'A', status: 0 },
    { id: 2, name: 'B', status: 1 },
    { id: 3, name: 'C', status: 1 },
  ]);
  expect(list[1]?.status).toBe(0);
});
