import { Alert, Drawer, Empty, Flex, Spin, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '@/features/audit/api';
import { auditLabel } from '@/features/audit/auditText';
import { ChangesTable } from '@/features/audit/ChangesTable';
import { formatDateTime } from '@/lib/dates';
import '@/features/audit/audit.css';

export type TRecordHistoryProps = {
  /** The audit log's entity name: `station`, `merchant`, `rate`, `account`... */
  entity: string;
  id: number;
  open: boolean;
  onClose: () => void;
};

/** A record's changes, newest first, each with its date, account, action and the fields before and after. */
export const RecordHistory = ({ entity, id, open, onClose }: TRecordHistoryProps) => {
  const { t } = useTranslation('audit');
  const history = useRecordHistory(entity, id, open);
  const { token } = theme.useToken();
  const entries = history.data?.items ?? [];
  return (
    <Drawer title={t('history.title')} open={open} onClose={onClose} size="large" destroyOnHidden>
      {history.isPending ? <Spin /> : null}
      {history.isError ? <Alert type="error" showIcon title={t('history.error')} /> : null}
      {history.isSuccess && entries.length === 0 ? <Empty description={t('history.empty')} /> : null}
      <ol aria-label={t('history.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {entries.map((entry) => (
          <li key={entry.id} style={{ borderBottom: `1px solid ${token.colorSplit}`, padding: '12px 0' }}>
            <Flex gap={8} wrap style={{ marginBottom: 6 }}>
              <Typography.Text strong>{auditLabel(t, 'actions', entry.action)}</Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(entry.created_at)}</Typography.Text>
              <Typography.Text>{entry.account?.name ?? t('system')}</Typography.Text>
              {entry.ip ? <Typography.Text type="secondary">{entry.ip}</Typography.Text> : null}
            </Flex>
            <ChangesTable changes={entry.changes} entity={entry.entity} names={entry.names} />
          </li>
        ))}
      </ol>
    </Drawer>
  );
};
