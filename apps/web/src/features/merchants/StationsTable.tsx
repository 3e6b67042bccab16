import type { TPaged, TStationRow } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components';
import { selectionOf } from '@/components/data-table/useRowSelection';
import { useStationColumns } from '@/features/merchants/useStationColumns';

export type TStationsTableProps = {
  merchantId: number;
  data: TPaged<TStationRow> | undefined;
  loading: boolean;
  page: number;
  size: number;
  onPageChange: (page: number, size: number) => void;
  selected: readonly TStationRow[];
  onSelectedChange: (stations: TStationRow[]) => void;
  /** Deletes the station; a rejection's message is shown (see explainDeleteError). */
  onDelete: (station: TStationRow) => Promise<unknown>;
};

/** A merchant's stations: paged, selectable, with edit and delete actions. */
export const StationsTable = ({
  merchantId,
  data,
  loading,
  page,
  size,
  onPageChange,
  selected,
  onSelectedChange,
  onDelete,
}: TStationsTableProps) => {
  const { t } = useTranslation('merchants');
  const columns = useStationColumns(merchantId, onDelete);
  return (
    <DataTable<TStationRow>
      aria-label={t('stations.title')}
      columns={columns}
      data={data}
      loading={loading}
      rowKey="id"
      page={page}
      size={size}
      onPageChange={onPageChange}
      selection={selectionOf(selected, onSelectedChange)}
      // Cells wrap instead of scrolling sideways: the actions column must stay in view at 1440 px.
      tableProps={{ tableLayout: 'auto' }}
    />
  );
};
