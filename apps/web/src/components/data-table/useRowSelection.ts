import { useState, type Key } from 'react';
import type { TRowSelection } from '@/components/data-table/DataTable';

type TWithId = { id: number };

/**
 * The records behind the selected keys. antd hands rows of other pages back as undefined, so a record already
 * known from an earlier page is kept rather than dropped.
 */
export const selectedRecords = <T extends TWithId>(
  keys: Key[],
  rows: readonly (T | undefined)[],
  known: readonly T[],
) =>
  keys.flatMap((key) => {
    const row = rows.find((item) => item?.id === key) ?? known.find((item) => item.id === key);
    return row ? [row] : [];
  });

/** A selection that follows records across pages, for `DataTable`'s `selection` and `BulkStatusButton`. */
export const selectionOf = <T extends TWithId>(
  selected: readonly T[],
  onChange: (records: T[]) => void,
): TRowSelection<T> => ({
  selectedRowKeys: selected.map((record) => record.id),
  onChange: (keys, rows) => {
    onChange(selectedRecords(keys, rows, selected));
  },
});

/** The selected records of a list screen and the matching `DataTable` selection. */
export const useRowSelection = <T extends TWithId>() => {
  const [selected, setSelected] = useState<T[]>([]);
  return { selected, setSelected, selection: selectionOf(selected, setSelected) };
};
