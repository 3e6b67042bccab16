import { EditOutlined } from '@ant-design/icons';
import { STATUS, type TStationRow } from '@zaryad/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components';
import type { TListColumns } from '@/components/data-table/columnPriority';
import { useDomainCan } from '@/components/permissions/permissions';
import { CatalogueCell } from '@/features/merchants/CatalogueCell';
import { StationStatusIcon } from '@/features/merchants/StationStatusIcon';
import { ChargePointStatusCell, useLiveChargePoints } from '@/features/ocpp';
import { flattenSchedule, useScheduleSummaryText } from '@/features/schedule';

/**
 * The stations table of docs/product/merchants.md#2-screens (merchant detail). Priorities (issue 33): the name names the
 * row, status and charge point are key; tags and infrastructure show their first item and '+N'
 * on one line, before the pinned actions (the table scrolls under them, never hides a column behind them).
 */
export const useStationColumns = (
  merchantId: number,
  onDelete: (station: TStationRow) => Promise<unknown>,
): TListColumns<TStationRow> => {
  const { t } = useTranslation(['merchants', 'common']);
  const navigate = useNavigate();
  const can = useDomainCan('stations');
  const summaryText = useScheduleSummaryText();
  useLiveChargePoints();
  return [
    {
      key: 'name',
      priority: 'identity',
      truncate: true,
      width: 220,
      title: t('stations.name'),
      render: (_value, station) => (
        <Link to={`/merchant/${merchantId}/station-info/${station.id}`}>{station.name}</Link>
      ),
    },
    {
      key: 'status',
      priority: 'key',
      title: t('stations.status'),
      align: 'center',
      render: (_value, station) => <StationStatusIcon status={station.status} />,
    },
    {
      key: 'chargePoint',
      priority: 'key',
      title: t('stations.chargePoint'),
      render: (_value, station) => <ChargePointStatusCell stationId={station.id} />,
    },
    {
      key: 'location',
      priority: 'normal',
      truncate: true,
      width: 220,
      title: t('stations.location'),
      dataIndex: 'location',
    },
    {
      key: 'schedule',
      priority: 'normal',
      truncate: true,
      width: 180,
      title: t('stations.schedule'),
      render: (_value, station) => summaryText(flattenSchedule(station.schedule)),
    },
    {
      key: 'connectors',
      priority: 'normal',
      title: t('stations.connectors'),
      render: (_value, station) => station.connectors.join(', ') || '—',
    },
    {
      key: 'tags',
      priority: 'normal',
      title: t('stations.tags'),
      render: (_value, station) => <CatalogueCell items={station.tags} />,
    },
    {
      key: 'infrastructure',
      priority: 'normal',
      title: t('stations.infrastructure'),
      render: (_value, station) => <CatalogueCell items={station.surroundings} />,
    },
    { key: 'id', priority: 'detail', title: t('stations.id'), dataIndex: 'id' },
    {
      key: 'actions',
      priority: 'key',
      title: t('stations.actions'),
      width: 104,
      render: (_value, station) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {can.edit ? (
            <Button
              type="text"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('stations.edit', { name: station.name })}
              onClick={() => void navigate(`/merchant/${merchantId}/edit-station/${station.id}`)}
            />
          ) : null}
          {can.delete ? (
            <ConfirmDelete
              // docs/product/merchants.md#4-states-and-rules: an active station (status 0) cannot be deleted.
              disabled={station.status === STATUS.active}
              label={t('stations.delete', { name: station.name })}
              title={t('stations.deleteConfirm', { name: station.name })}
              onConfirm={() => onDelete(station)}
            />
          ) : null}
        </span>
      ),
    },
  ];
};
