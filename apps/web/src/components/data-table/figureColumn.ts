import type { TableColumnType } from 'antd';

/**
 * A right-aligned column of figures, written by `format` (formatDecimal, formatMoney): the reports' counts, kWh and
 * sums read alike and line up by their last digit.
 */
export const figureColumn = <T>(key: string, title: string, format: (row: T) => string): TableColumnType<T> => ({
  key,
  title,
  align: 'right',
  render: (_value, row) => format(row),
});
