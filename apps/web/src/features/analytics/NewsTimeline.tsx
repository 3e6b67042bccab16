import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TTimelineItem } from '@zaryad/contracts/analytics';
import { App, Button, Card, Empty, Flex, Popconfirm, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/components/permissions/permissions';
import { useDeleteNews, useTimeline } from '@/features/analytics/api';
import { NewsFormModal, type TNewsFormTarget } from '@/features/analytics/NewsFormModal';
import { errorMessage } from '@/lib/apiError';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

const COLORS: Record<TTimelineItem['kind'], string> = {
  news: '#22A699',
  merchant_added: 'blue',
  station_added: 'blue',
  record_day: 'gold',
  promotion_started: 'purple',
  promotion_ended: 'gray',
  station_offline: 'red',
};

/** The news timeline: posted news mixed with the network's events, newest first, with the news form. */
export const NewsTimeline = () => {
  const { t } = useTranslation('analytics');
  const { t: tKit } = useTranslation('kit');
  const { money } = useNumberFormat();
  const { message } = App.useApp();
  const timeline = useTimeline();
  const remove = useDeleteNews();
  const [target, setTarget] = useState<TNewsFormTarget>(null);
  const canCreate = useCan('news.create');
  const canEdit = useCan('news.edit');
  const canDelete = useCan('news.delete');
  const items = timeline.data?.pages.flatMap((page) => page.items) ?? [];

  const describe = (item: TTimelineItem) => (
    <div data-testid="timeline-item">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {item.kind === 'news' ? formatDate(item.news?.date) : formatDateTime(item.at)} ·{' '}
        {t(`timeline.kinds.${item.kind}`)}
      </Typography.Text>
      <div>
        {item.link ? (
          <Link to={item.link}>
            <Typography.Text strong>{item.kind === 'record_day' ? formatDate(item.title) : item.title}</Typography.Text>
          </Link>
        ) : (
          <Typography.Text strong>{item.title}</Typography.Text>
        )}
        {item.news && (canEdit || canDelete) && (
          <span style={{ marginLeft: 8 }}>
            {canEdit && (
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('news.edit')}
                onClick={() => setTarget({ news: item.news })}
              />
            )}
            {canDelete && (
              <Popconfirm
                title={t('timeline.confirmDelete')}
                okText={tKit('actions.delete')}
                cancelText={tKit('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(item.news?.id ?? 0);
                    void message.success(t('news.deleted'));
                  } catch (error) {
                    void message.error(errorMessage(error, tKit('errors.generic')));
                  }
                }}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={tKit('actions.delete')} />
              </Popconfirm>
            )}
          </span>
        )}
      </div>
      {item.text && (
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{item.text}</Typography.Paragraph>
      )}
      {item.amount && <Typography.Text>{t('timeline.recordDay', { amount: money(item.amount) })}</Typography.Text>}
      {item.author && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('timeline.by', { name: item.author })}
          </Typography.Text>
        </div>
      )}
    </div>
  );

  return (
    <Card
      size="small"
      title={t('timeline.title')}
      extra={
        canCreate && (
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setTarget({ news: null })}>
            {t('news.add')}
          </Button>
        )
      }
    >
      {timeline.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        <Empty description={t('timeline.empty')} />
      ) : (
        <>
          <Timeline
            items={items.map((item) => ({ key: item.key, color: COLORS[item.kind], children: describe(item) }))}
          />
          {timeline.hasNextPage && (
            <Flex justify="center">
              <Button onClick={() => void timeline.fetchNextPage()} loading={timeline.isFetchingNextPage}>
                {t('timeline.more')}
              </Button>
            </Flex>
          )}
        </>
      )}
      <NewsFormModal target={target} onClose={() => setTarget(null)} />
    </Card>
  );
};
