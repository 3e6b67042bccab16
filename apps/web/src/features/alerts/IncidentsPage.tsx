import { SettingOutlined } from '@ant-design/icons';
import { ALERT_RULES, ALERT_SEVERITIES, INCIDENT_STATUSES } from '@zaryad/contracts';
import type { TIncident } from '@zaryad/contracts/alerts-schemas';
import { Button, Tag, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { prioritize } from '@/components/data-table/columnPriority';
import { dayParam, idParam, oneOf } from '@/components/data-table/listParams';
import { DateRangeFilter } from '@/components/filters/DateRangeFilter';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField, rangeField } from '@/components/filters/filterBinding';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { useIncidents } from '@/features/alerts/api';
import { IncidentDrawer } from '@/features/alerts/IncidentDrawer';
import { incidentSummary, SEVERITY_COLORS, STATUS_COLORS, stationPath } from '@/features/alerts/incidentText';
import { formatDateTime } from '@/lib/dateTime';

export { alertsTextsReady as textsReady } from '@/features/alerts/alertsTexts';

/** Incidents are opened and closed by the rules and the actions in the drawer: the list only reads. */
const incidentHooks = { useList: useIncidents };

/** The URL's filters; declared once so the list params keep their identity. */
const INCIDENT_FILTERS = {
  status: oneOf(INCIDENT_STATUSES),
  rule: oneOf(ALERT_RULES),
  severity: oneOf(ALERT_SEVERITIES),
  station_id: idParam,
  merchant_id: idParam,
  assigned_to: idParam,
  period__from: dayParam,
  period__to: dayParam,
};

/**
 * `/incidents` (docs/product/alerts.md#2-screens): what the rules saw, last seen first, filtered by status, rule,
 * severity and days; a row opens the drawer with its timeline and actions, also reached as `/incidents/:id` or
 * `/incidents?id=` (the notifications' link).
 */
export const IncidentsPage = () => {
  const { t } = useTranslation('alerts');
  const state = useListPage({ filters: INCIDENT_FILTERS, hooks: incidentHooks, permission: 'alerts' });
  const { list } = state;
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const openId = Number(params.id ?? searchParams.get('id') ?? 0) || null;

  const open = useCallback(
    (id: number) => {
      const next = new URLSearchParams(searchParams);
      next.set('id', String(id));
      void navigate(`/incidents?${next.toString()}`);
    },
    [navigate, searchParams],
  );
  const close = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('id');
    const query = next.toString();
    void navigate(query ? `/incidents?${query}` : '/incidents');
  };

  const columns = useMemo(
    () =>
      prioritize<TIncident>(
        [
          {
            key: 'severity',
            title: t('columns.severity'),
            render: (_, incident) => (
              <Tag color={SEVERITY_COLORS[incident.severity]}>{t(`severities.${incident.severity}`)}</Tag>
            ),
            width: 130,
          },
          {
            key: 'rule',
            title: t('columns.rule'),
            render: (_, incident) => (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                onClick={() => open(incident.id)}
              >
                #{incident.id} {t(`rules.${incident.rule}`)}
              </Button>
            ),
          },
          {
            key: 'status',
            title: t('columns.status'),
            render: (_, incident) => (
              <Tag color={STATUS_COLORS[incident.status]}>{t(`statuses.${incident.status}`)}</Tag>
            ),
            width: 130,
          },
          {
            key: 'station',
            title: t('columns.station'),
            render: (_, incident) =>
              incident.station && incident.merchant ? (
                <Link to={stationPath(incident.merchant.id, incident.station.id)}>{incident.station.name}</Link>
              ) : (
                (incident.station?.name ?? t('wholeNetwork'))
              ),
          },
          {
            key: 'details',
            title: t('columns.details'),
            render: (_, incident) => <Typography.Text type="secondary">{incidentSummary(t, incident)}</Typography.Text>,
          },
          { key: 'count', title: t('columns.count'), dataIndex: 'count', width: 80, align: 'end' as const },
          {
            key: 'lastSeen',
            title: t('columns.lastSeen'),
            render: (_, incident) => formatDateTime(incident.last_seen_at),
            width: 150,
          },
          {
            key: 'firstSeen',
            title: t('columns.firstSeen'),
            render: (_, incident) => formatDateTime(incident.first_seen_at),
            width: 150,
          },
          { key: 'assignee', title: t('columns.assignee'), render: (_, incident) => incident.assigned_to?.name ?? '—' },
        ],
        { rule: 'identity', severity: 'key', status: 'key', station: 'key', firstSeen: 'detail' },
      ),
    [t, open],
  );

  return (
    <ListPage
      state={state}
      label={t('title')}
      columns={columns}
      actions={
        <Link to="/settings/alerts">
          <Button icon={<SettingOutlined />}>{t('rulesLink')}</Button>
        </Link>
      }
      filters={
        <>
          <EnumFilter
            label={t('filter.status')}
            values={INCIDENT_STATUSES}
            labelOf={(status) => t(`statuses.${status}`)}
            {...filterField(list, 'status')}
          />
          <EnumFilter
            label={t('filter.rule')}
            width={240}
            values={ALERT_RULES}
            labelOf={(rule) => t(`rules.${rule}`)}
            {...filterField(list, 'rule')}
          />
          <EnumFilter
            label={t('filter.severity')}
            values={ALERT_SEVERITIES}
            labelOf={(severity) => t(`severities.${severity}`)}
            {...filterField(list, 'severity')}
          />
          <DateRangeFilter label={t('filter.period')} {...rangeField(list, 'period')} />
        </>
      }
    >
      <IncidentDrawer id={openId} onClose={close} />
    </ListPage>
  );
};
