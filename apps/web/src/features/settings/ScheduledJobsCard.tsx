import type { TScheduledJob } from '@zaryad/contracts';
import { Alert, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScheduledJobs } from '@/features/settings/api';
import { errorMessage } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dates';

/**
 * Settings' card for superadmins (roles.manage): the server's scheduled jobs as its processes share them, failing ones
 * first with their last error (docs/product/settings.md). A job that keeps failing is retried later and later; this is
 * where someone sees it.
 */
export const ScheduledJobsCard = () => {
  const { t } = useTranslation(['settings', 'common']);
  const jobs = useScheduledJobs();
  const columns: TableColumnsType<TScheduledJob> = [
    { key: 'name', title: t('jobs.name'), render: (_v, job) => <Typography.Text code>{job.name}</Typography.Text> },
    {
      key: 'state',
      title: t('jobs.state'),
      render: (_v, job) =>
        job.failures > 0 ? (
          <Tag color="error">{t('jobs.failing', { count: job.failures })}</Tag>
        ) : (
          <Tag color="success">{t('jobs.ok')}</Tag>
        ),
    },
    {
      key: 'last',
      title: t('jobs.lastRun'),
      render: (_v, job) => (job.last_run_at ? formatDateTime(job.last_run_at) : '—'),
    },
    { key: 'next', title: t('jobs.nextRun'), render: (_v, job) => formatDateTime(job.next_run_at) },
    {
      key: 'error',
      title: t('jobs.lastError'),
      render: (_v, job) =>
        job.failures > 0 && job.last_error ? (
          <Typography.Text type="danger">
            {job.last_failed_at ? `${formatDateTime(job.last_failed_at)}: ` : ''}
            {job.last_error}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Card title={t('jobs.title')} data-testid="scheduled-jobs">
      <Typography.Paragraph type="secondary">{t('jobs.hint')}</Typography.Paragraph>
      {jobs.isError ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(jobs.error, t('common:errors.request'))} />
      ) : (
        <Table<TScheduledJob>
          size="small"
          rowKey="name"
          loading={jobs.isPending}
          columns={columns}
          dataSource={jobs.data?.items ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('jobs.empty') }}
        />
      )}
    </Card>
  );
};
