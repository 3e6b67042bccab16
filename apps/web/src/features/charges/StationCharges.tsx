import type { TCharge } from '@zaryad/contracts';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/apiError';
import { useCharges } from '@/features/charges/api';
import { useChargeColumns } from '@/features/charges/useChargeColumns';
import { useStopAction } from '@/features/charges/useStopAction';

/** How many of a station's charges its page shows; the rest are a link away, on /chargers-list. */
export const STATION_CHARGES = 10;

/** A station's last charges on its info page, newest first, with Stop, and a link to all of them. */
export const StationCharges = ({ stationId }: { stationId: number }) => {
  const { t } = useTranslation(['charges', 'kit']);
  const charges = useCharges({ station_id__in: [stationId], page: 1, size: STATION_CHARGES });
  const stop = useStopAction();
  const columns = useChargeColumns({ withStation: false, onStop: stop.onStop, stopping: stop.stopping });
  const total = charges.data?.total ?? 0;
  return (
    <Card
      title={t('stationCharges.title')}
      extra={
        total > STATION_CHARGES ? (
          <Link to={`/chargers-list?station_id__in=${stationId}`}>{t('stationCharges.showAll')}</Link>
        ) : null
      }
    >
      <Table<TCharge>
        aria-label={t('stationCharges.title')}
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={charges.data?.items ?? []}
        loading={charges.isFetching}
        pagination={false}
        // An empty table must not scroll: a scrollable region with nothing to focus is out of the keyboard's reach.
        scroll={charges.data?.items.length ? { x: 'max-content' } : undefined}
        locale={{
          emptyText: charges.isError ? errorMessage(charges.error, t('kit:table.empty')) : t('stationCharges.empty'),
        }}
      />
      {stop.modal}
    </Card>
  );
};
