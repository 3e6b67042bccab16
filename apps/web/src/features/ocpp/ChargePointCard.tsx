import { DownOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TChargePointCommandBody,
  TChargePointCommandEntry,
  TChargePointCommandResult,
} from '@zaryad/contracts/ocpp';
import { App, Button, Card, Descriptions, Dropdown, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';
import { ConnectorStatusTag, OnlineBadge } from '@/features/ocpp/ChargePointStatus';
import { chargePointKeys, useChargePointCommands, useChargePointState, useLiveChargePoints } from '@/features/ocpp/api';
import { api } from '@/lib/apiClient';
import { formatDateTime } from '@/lib/dates';

const COMMANDS: Record<string, TChargePointCommandBody> = {
  triggerStatus: { action: 'TriggerMessage', payload: { requestedMessage: 'StatusNotification' } },
  triggerHeartbeat: { action: 'TriggerMessage', payload: { requestedMessage: 'Heartbeat' } },
  makeInoperative: { action: 'ChangeAvailability', payload: { connectorId: 0, type: 'Inoperative' } },
  makeOperative: { action: 'ChangeAvailability', payload: { connectorId: 0, type: 'Operative' } },
  getConfiguration: { action: 'GetConfiguration', payload: {} },
};

const COMMAND_STATUS_COLORS: Record<TChargePointCommandEntry['status'], string> = {
  accepted: 'green',
  rejected: 'orange',
  timeout: 'red',
  not_connected: 'default',
  failed: 'red',
};

/** Station info: the charge point's live state, commands to it, and the command log (issue 17, parts 3 and 4). */
export const ChargePointCard = ({ stationId, canCommand }: { stationId: number; canCommand: boolean }) => {
  const { t } = useTranslation(['ocpp', 'common']);
  const { message } = App.useApp();
  const showError = useActionError();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  useLiveChargePoints();
  const { data: state } = useChargePointState(stationId);
  const { data: log, isFetching } = useChargePointCommands(stationId, page);
  const send = useMutation({
    mutationFn: (body: TChargePointCommandBody) =>
      api.post<TChargePointCommandResult>(`/ocpp/stations/${stationId}/commands/`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.stationCommands(stationId) }),
  });
  const runCommand = async (key: string) => {
    const body = COMMANDS[key];
    if (!body) {
      return;
    }
    try {
      const result = await send.mutateAsync(body);
      const text = t(`commandStatuses.${result.status}`);
      void (result.status === 'accepted' ? message.success(text) : message.error(text));
    } catch (error) {
      showError(error);
    }
  };
  const columns: TableColumnsType<TChargePointCommandEntry> = [
    { key: 'time', title: t('log.time'), render: (_v, row) => formatDateTime(row.created_at), width: 150 },
    { key: 'action', title: t('log.action'), dataIndex: 'action' },
    {
      key: 'status',
      title: t('log.answer'),
      render: (_v, row) => <Tag color={COMMAND_STATUS_COLORS[row.status]}>{t(`commandStatuses.${row.status}`)}</Tag>,
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
          {canCommand ? (
            <Dropdown
              menu={{
                items: Object.keys(COMMANDS).map((key) => ({
                  key,
                  label: t(`commands.${key}` as 'commands.triggerStatus'),
                })),
                onClick: ({ key }) => void runCommand(key),
              }}
            >
              <Button loading={send.isPending}>
                {t('commands.title')} <DownOutlined />
              </Button>
            </Dropdown>
          ) : null}
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
        <Table
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
