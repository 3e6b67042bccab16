import { DownloadOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type TAuditEntry } from '@zaryad/contracts';
import { App, Button, Select, type TableColumnsType } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/DataTable';
import { ListToolbar } from '@/components/data-table/ListToolbar';
import { oneOf, positiveInt, textParam } from '@/components/data-table/listParams';
import { useListParams } from '@/components/data-table/useListParams';
import { fetchAuditCsv, useAuditAccounts, useAuditLog } from '@/features/audit/api';
import { saveBlob } from '@/lib/download';
import { auditLabel } from '@/features/audit/auditText';
import { ChangesTable } from '@/features/audit/ChangesTable';
import { formatDateTime } from '@/lib/dates';
import '@/features/audit/audit.css';

// The date picker (with dayjs) is the heaviest part of the toolbar: it loads beside the page, not in its chunk.
const AuditPeriodFilter = lazy(async () => ({
  default: (await import('@/features/audit/AuditPeriodFilter')).AuditPeriodFilter,
}));

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (raw: string | string[] | undefined) => (typeof raw === 'string' && DAY.test(raw) ? raw : undefined);

/** The URL's filters; declared once so the list params keep their identity. */
const AUDIT_FILTERS = {
  account_id: (raw: string | string[] | undefined) => (typeof raw === 'string' ? positiveInt(raw) : undefined),
  entity: oneOf(AUDIT_ENTITIES),
  entity_id: textParam(50),
  action: oneOf(AUDIT_ACTIONS),
  period__from: dayParam,
  period__to: dayParam,
};

/** `/audit-log`: who changed what, newest first, filtered by account, record, action and period; CSV export. */
export const AuditLogPage = () => {
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  const list = useListParams(AUDIT_FILTERS);
  const entries = useAuditLog(list.query);
  const accounts = useAuditAccounts();
  const [isExporting, setExporting] = useState(false);
  const filters = list.draftFilters;

  const columns = useMemo<TableColumnsType<TAuditEntry>>(
    () => [
      { key: 'date', title: t('columns.date'), render: (_, entry) => formatDateTime(entry.created_at), width: 150 },
      { key: 'account', title: t('columns.account'), render: (_, entry) => entry.account?.name ?? t('system') },
      { key: 'ip', title: t('columns.ip'), dataIndex: 'ip' },
      {
        key: 'entity',
        title: t('columns.entity'),
        render: (_, entry) =>
          `${auditLabel(t, 'entities', entry.entity)}${entry.entity_id ? ` #${entry.entity_id}` : ''}`,
      },
      { key: 'action', title: t('columns.action'), render: (_, entry) => auditLabel(t, 'actions', entry.action) },
      {
        key: 'changes',
        title: t('columns.changes'),
        render: (_, entry) => <ChangesTable changes={entry.changes} />,
        width: 480,
      },
    ],
    [t],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveBlob(await fetchAuditCsv(list.query), 'audit-log.csv');
    } catch {
      void message.error(t('list.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ListToolbar
        actions={
          <Button icon={<DownloadOutlined aria-hidden />} loading={isExporting} onClick={() => void exportCsv()}>
            {t('list.export')}
          </Button>
        }
      >
        <Select
          aria-label={t('filters.account')}
          placeholder={t('filters.account')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          value={filters.account_id}
          onChange={(account_id?: number) => list.setFilters({ account_id })}
          options={(accounts.data?.items ?? []).map((account) => ({
            value: account.id,
            label: `${account.last_name} ${account.first_name}`.trim() || account.email,
          }))}
        />
        <Select
          aria-label={t('filters.entity')}
          placeholder={t('filters.entity')}
          allowClear
          style={{ width: 200 }}
          value={filters.entity}
          onChange={(entity?: (typeof AUDIT_ENTITIES)[number]) => list.setFilters({ entity, entity_id: undefined })}
          options={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: auditLabel(t, 'entities', entity) }))}
        />
        <Select
          aria-label={t('filters.action')}
          placeholder={t('filters.action')}
          allowClear
          style={{ width: 200 }}
          value={filters.action}
          onChange={(action?: (typeof AUDIT_ACTIONS)[number]) => list.setFilters({ action })}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: auditLabel(t, 'actions', action) }))}
        />
        <Suspense fallback={null}>
          <AuditPeriodFilter
            label={t('filters.period')}
            value={{ period__from: filters.period__from, period__to: filters.period__to }}
            onChange={(period) => list.setFilters(period)}
          />
        </Suspense>
      </ListToolbar>
      <DataTable<TAuditEntry>
        aria-label={t('list.title')}
        columns={columns}
        data={entries.data}
        loading={entries.isFetching}
        rowKey="id"
        page={list.page}
        size={list.size}
        onPageChange={list.setPage}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
    </>
  );
};
