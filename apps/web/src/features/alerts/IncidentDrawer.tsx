import type { TIncidentDetail } from '@zaryad/contracts/alerts-schemas';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '@/app/layout/useMe';
import { useCan } from '@/components/permissions/permissions';
import { useAssignees, useIncident, useIncidentAction, type TIncidentAction } from '@/features/alerts/api';
import {
  chargePath,
  incidentSummary,
  SEVERITY_COLORS,
  STATUS_COLORS,
  stationPath,
  userPath,
} from '@/features/alerts/incidentText';
import { errorMessage } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';

type TAsk = 'acknowledge' | 'assign' | 'resolve';

const NOTE_MAX = 500;

/** The confirmation of one action: its question, a note (acknowledge, resolve) or the account (assign). */
const ActionModal = ({
  incident,
  ask,
  onDone,
}: {
  incident: TIncidentDetail;
  ask: TAsk | null;
  onDone: () => void;
}) => {
  const { t } = useTranslation('alerts');
  const { message } = App.useApp();
  const action = useIncidentAction(incident.id);
  const me = useMe();
  const canListAccounts = useCan('accounts.view');
  const assignees = useAssignees(ask === 'assign' && canListAccounts);
  const [note, setNote] = useState('');
  const [accountId, setAccountId] = useState<number | 'none' | undefined>(undefined);

  const meId = me.data?.id;
  const options = [
    ...(meId === undefined ? [] : [{ value: meId, label: t('actions.me') }]),
    ...(assignees.data?.items ?? [])
      .filter((account) => account.id !== meId)
      .map((account) => ({
        value: account.id,
        label: `${account.last_name} ${account.first_name}`.trim() || account.email,
      })),
    { value: 'none' as const, label: t('actions.nobody') },
  ];

  const send = async () => {
    const body: TIncidentAction =
      ask === 'assign'
        ? { action: 'assign', account_id: accountId === 'none' || accountId === undefined ? null : accountId }
        : { action: ask === 'resolve' ? 'resolve' : 'acknowledge', note };
    try {
      await action.mutateAsync(body);
      void message.success(
        t(ask === 'assign' ? 'actions.assigned' : ask === 'resolve' ? 'actions.resolved' : 'actions.acknowledged'),
      );
      setNote('');
      setAccountId(undefined);
      onDone();
    } catch (error) {
      void message.error(errorMessage(error, t('actions.failed')));
    }
  };

  if (!ask) {
    return null;
  }
  const title = t(`actions.${ask}Title`, { id: incident.id });
  return (
    <Modal
      open
      title={title}
      okText={t(`actions.${ask}`)}
      okButtonProps={{ danger: ask === 'resolve', disabled: ask === 'assign' && accountId === undefined }}
      confirmLoading={action.isPending}
      onOk={() => void send()}
      onCancel={onDone}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {ask === 'acknowledge' && <Typography.Text>{t('actions.acknowledgeText')}</Typography.Text>}
        {ask === 'resolve' && <Typography.Text>{t('actions.resolveText')}</Typography.Text>}
        {ask === 'assign' ? (
          <label>
            {t('actions.account')}
            <Select
              style={{ width: '100%' }}
              showSearch={{ optionFilterProp: 'label' }}
              options={options}
              value={accountId}
              onChange={setAccountId}
              aria-label={t('actions.account')}
              loading={assignees.isLoading}
            />
          </label>
        ) : (
          <label>
            {t('actions.note')}
            <Input.TextArea
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={NOTE_MAX}
              showCount
              rows={3}
              placeholder={t('actions.notePlaceholder')}
              aria-label={t('actions.note')}
            />
          </label>
        )}
      </Flex>
    </Modal>
  );
};

/** One incident: what was seen where, who is on it, its timeline, and the actions alerts.edit allows. */
export const IncidentDrawer = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const { t } = useTranslation('alerts');
  const incident = useIncident(id);
  const canEdit = useCan('alerts.edit');
  const [ask, setAsk] = useState<TAsk | null>(null);
  const data = incident.data;
  const isOpen = data !== undefined && data.status !== 'resolved';

  const person = (value: { name: string } | null, at: string | null) =>
    value ? `${value.name}${at ? `, ${formatDateTime(at)}` : ''}` : '—';

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('drawer.title', { id: id ?? '' })}
      size="large"
      destroyOnHidden
    >
      {incident.isLoading && <Skeleton active />}
      {incident.isError && <Alert type="error" showIcon message={t('drawer.notFound')} />}
      {data && (
        <Flex vertical gap={24}>
          <Flex gap={8} wrap align="center">
            <Tag color={SEVERITY_COLORS[data.severity]}>{t(`severities.${data.severity}`)}</Tag>
            <Tag color={STATUS_COLORS[data.status]}>{t(`statuses.${data.status}`)}</Tag>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(`rules.${data.rule}`)}
            </Typography.Title>
          </Flex>
          <Typography.Text>{incidentSummary(t, data)}</Typography.Text>
          {canEdit && isOpen && (
            <Space wrap>
              {data.status === 'open' && (
                <Button type="primary" onClick={() => setAsk('acknowledge')}>
                  {t('actions.acknowledge')}
                </Button>
              )}
              <Button onClick={() => setAsk('assign')}>{t('actions.assign')}</Button>
              <Button danger onClick={() => setAsk('resolve')}>
                {t('actions.resolve')}
              </Button>
            </Space>
          )}
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'merchant', label: t('drawer.merchant'), children: data.merchant?.name ?? t('wholeNetwork') },
              {
                key: 'station',
                label: t('drawer.station'),
                children:
                  data.station && data.merchant ? (
                    <Link to={stationPath(data.merchant.id, data.station.id)}>{data.station.name}</Link>
                  ) : (
                    '—'
                  ),
              },
              ...(data.connector_id === null
                ? []
                : [{ key: 'connector', label: t('drawer.connector'), children: data.connector_id }]),
              ...(data.charge_id === null
                ? []
                : [
                    {
                      key: 'charge',
                      label: t('drawer.charge'),
                      children: <Link to={chargePath(data.charge_id)}>#{data.charge_id}</Link>,
                    },
                  ]),
              ...(data.user === null
                ? []
                : [
                    {
                      key: 'user',
                      label: t('drawer.user'),
                      children: <Link to={userPath(data.user.id)}>{data.user.name}</Link>,
                    },
                  ]),
              { key: 'first', label: t('drawer.firstSeen'), children: formatDateTime(data.first_seen_at) },
              { key: 'last', label: t('drawer.lastSeen'), children: formatDateTime(data.last_seen_at) },
              { key: 'count', label: t('drawer.count'), children: data.count },
              {
                key: 'acknowledged',
                label: t('drawer.acknowledged'),
                children: `${person(data.acknowledged_by, data.acknowledged_at)}${data.acknowledged_note ? ` — ${data.acknowledged_note}` : ''}`,
              },
              {
                key: 'assignee',
                label: t('drawer.assignee'),
                children: data.assigned_to?.name ?? t('drawer.unassigned'),
              },
              {
                key: 'resolved',
                label: t('drawer.resolved'),
                children: data.resolved_at
                  ? `${data.resolved_by?.name ?? t('system')}, ${formatDateTime(data.resolved_at)} (${t(`resolutions.${data.resolution ?? 'manual'}`)})`
                  : '—',
              },
            ]}
          />
          <div>
            <Typography.Title level={5}>{t('drawer.timeline')}</Typography.Title>
            <Timeline
              items={data.events.map((event) => ({
                key: event.id,
                color: event.event === 'resolved' ? 'green' : event.event === 'opened' ? 'red' : 'blue',
                children: (
                  <Flex vertical>
                    <Typography.Text strong>{t(`events.${event.event}`)}</Typography.Text>
                    <Typography.Text type="secondary">
                      {formatDateTime(event.created_at)} · {event.account?.name ?? t('system')}
                    </Typography.Text>
                    {event.note && <Typography.Text>{event.note}</Typography.Text>}
                  </Flex>
                ),
              }))}
            />
          </div>
        </Flex>
      )}
      {data && <ActionModal incident={data} ask={ask} onDone={() => setAsk(null)} />}
    </Drawer>
  );
};
