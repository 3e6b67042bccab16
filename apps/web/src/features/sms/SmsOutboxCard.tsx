import type { TSmsMessage, TSmsStatus } from '@zaryad/contracts/sms';
import { Alert, Card, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@/components/phone-input/phoneMask';
import { useSmsOutbox } from '@/features/sms/api';
import { errorMessage } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dates';
import { loadNamespaces } from '@/lib/i18n';

/** The card's texts (locales/<language>/lazy/sms.ts): a section few sessions open loads them with itself. */
export const textsReady: Promise<void> = loadNamespaces('sms');

/** Colour is never the only cue: each status has its word too. */
const STATUS_COLOURS: Record<TSmsStatus, string> = { kept: 'processing', sent: 'success', failed: 'error' };

const PAGE_SIZE = 10;

/**
 * Settings' SMS outbox for superadmins (issue 38, docs/product/app-api.md#3-sms): every SMS the server sent, newest
 * first, searched by phone. Without a gateway the outbox is the delivery and shows sign-in codes in full; with one
 * their digits are masked. A plain table with its own paging, not the list toolkit: it loads with the scheduled jobs'
 * card in one chunk (SystemCards.tsx), and the toolkit there would move it into what every screen loads.
 */
export const SmsOutboxCard = () => {
  const { t } = useTranslation(['sms', 'common']);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const outbox = useSmsOutbox({ page, size: PAGE_SIZE, ...(search && { search }) });
  const gateway = outbox.data?.gateway;

  const columns = useMemo<TableColumnsType<TSmsMessage>>(
    () => [
      {
        key: 'date',
        title: t('columns.date'),
        render: (_, message) => formatDateTime(message.created_at),
        onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      },
      {
        key: 'phone',
        title: t('columns.phone'),
        render: (_, message) => formatPhone(message.phone),
        onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      },
      { key: 'kind', title: t('columns.kind'), render: (_, message) => t(`kinds.${message.kind}`) },
      { key: 'text', title: t('columns.text'), dataIndex: 'text' },
      {
        key: 'status',
        title: t('columns.status'),
        render: (_, message) => <Tag color={STATUS_COLOURS[message.status]}>{t(`statuses.${message.status}`)}</Tag>,
      },
      { key: 'error', title: t('columns.error'), render: (_, message) => message.error || '—' },
    ],
    [t],
  );

  return (
    <Card title={t('title')} data-testid="sms-outbox">
      {gateway === undefined ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={gateway ? t('notice.gatewayTitle') : t('notice.keptTitle')}
          description={gateway ? t('notice.gateway') : t('notice.kept')}
        />
      )}
      <Input.Search
        allowClear
        aria-label={t('search')}
        placeholder={t('search')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(value) => {
          setSearch(value.replace(/\D/g, ''));
          setPage(1);
        }}
      />
      {outbox.isError ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(outbox.error, t('common:errors.request'))} />
      ) : (
        <Table<TSmsMessage>
          size="small"
          rowKey="id"
          loading={outbox.isPending}
          columns={columns}
          dataSource={outbox.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: outbox.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          locale={{
            emptyText: (
              <Typography.Text type="secondary">
                {search ? t('empty.noMatch') : `${t('empty.title')}. ${t('empty.text')}`}
              </Typography.Text>
            ),
          }}
        />
      )}
    </Card>
  );
};
