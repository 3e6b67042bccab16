import type { TChargePointCommandEntry } from '@zaryad/contracts/ocpp';
import { Card, Descriptions, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChargePointActions } from '@/features/ocpp/ChargePointActions';
import { ConnectorStatusTag, OnlineBadge } from '@/features/ocpp/ChargePointStatus';
import { COMMAND_STATUS_COLORS } from '@/features/ocpp/CommandAnswer';
import { useChargePointCommands, useChargePointState, useLiveChargePoints } from '@/features/ocpp/api';
import { formatDateTime } from '@/lib/dates';

/**
 * Station info's "Charge point" panel: the charge point's live state, the actions of each feature profile the role may
 * use (ChargePointActions, issue 34), and the command log (issue 17, parts 3 and 4).
 */
export const ChargePointCard = ({ stationId }: { stationId: number }) => {
  const { t } = useTranslation(['ocpp', 'common']);
  const [page, setPage] = useState(1);
  useLiveChargePoints();
  const { data: state } = useChargePointState(stationId);
  const { data: log, isFetching } = useChargePointCommands(stationId, page);
  const columns: TableColumnsType<TChargePointCommandEntry> = [
    { key: 'time', title: t('log.time'), render: (_v, row) => formatDateTime(row.created_at), width: 150 },
    { key: 'action', title: t('log.action'), dataIndex: 'action' },
    {
      key: 'status',
      title: t('log.answer'),
      render: (_v, row) => (
        <Flex gap={4} wrap>
          <Tag color={COMMAND_STATUS_COLORS[row.status]}>{t(`commandStatuses.${row.status}`)}</Tag>
          {row.reboot_required ? <Tag color="gold">{t('config.rebootRequired')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'duration',
      title: t('log.duration'),
      render: (_v, row) => t('log.ms', { count: row.duration_ms }),
    },
    { key: 'account', title: t('log.account'), render: (_v, row) => row.account ?? '—' },
  ];
  const dash = (value: string | null | undefined) => value || '—';
  return (
    <Card
      title={t('title')}
      data-testid="charge-point-card"
      extra={
        <Flex gap={12} align="center" wrap>
          {state ? <OnlineBadge state={state} /> : null}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'vendor', label: t('vendor'), children: dash(state?.vendor) },
            { key: 'model', label: t('model'), children: dash(state?.model) },
            { key: 'serial', label: t('serial'), children: dash(state?.serial_number) },
            { key: 'firmware', label: t('firmware'), children: dash(state?.firmware_version) },
            {
              key: 'heartbeat',
              label: t('heartbeat'),
              children: state?.last_heartbeat ? formatDateTime(state.last_heartbeat) : '—',
            },
          ]}
        />
        <Flex gap={8} wrap data-testid="charge-point-connectors">
          {state?.connectors.length ? (
            state.connectors.map((connector) => (
              <ConnectorStatusTag key={connector.connector_id} connector={connector} />
            ))
          ) : (
            <span>{t('noStatus')}</span>
          )}
        </Flex>
        <ChargePointActions stationId={stationId} />
        <Table
          data-testid="command-log"
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={log?.items ?? []}
          loading={isFetching && !log}
          title={() => t('log.title')}
          locale={{ emptyText: t('log.empty') }}
          pagination={{
            current: page,
            pageSize: 10,
            total: log?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          scroll={{ x: true }}
        />
      </Flex>
    </Card>
  );
};
