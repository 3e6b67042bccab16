import type { TNotification, TNotificationPage } from '@zaryad/contracts/notifications';
import { Alert, Badge, Button, Empty, Flex, List, Popover, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { incidentPath, useMarkRead } from '@/features/notifications/api';
import { formatDateTime } from '@/lib/dates';
import { useIsPhone } from '@/lib/mediaQuery';

type TBellPanelProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  page: TNotificationPage | undefined;
  isError: boolean;
  children: ReactNode;
};

const SEVERITY_COLORS = { critical: 'red', warning: 'orange', info: 'blue' } as const;

/** The bell's list: the newest notifications, each leading to its incident (and read on the way), and "Mark all read". */
export const BellPanel = ({ isOpen, onOpenChange, page, isError, children }: TBellPanelProps) => {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const markRead = useMarkRead();
  // On a phone the list is centred under the bell across the screen's width: aligned to the bell's right edge it
  // would run off the left one.
  const isPhone = useIsPhone();
  const open = (item: TNotification) => {
    if (!item.read) {
      markRead.mutate({ ids: [item.id] });
    }
    onOpenChange(false);
    void navigate(incidentPath(item));
  };
  const content = (
    <div style={{ width: isPhone ? 'calc(100vw - 40px)' : 380 }} data-testid="notification-panel">
      {isError ? <Alert type="error" showIcon title={t('loadError')} /> : null}
      {page && page.items.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> : null}
      {page && page.items.length > 0 ? (
        <List<TNotification>
          size="small"
          dataSource={page.items}
          style={{ maxHeight: 420, overflowY: 'auto' }}
          renderItem={(item) => (
            <List.Item
              key={item.id}
              style={{ cursor: 'pointer', paddingInline: 4 }}
              onClick={() => open(item)}
              data-testid="notification-item"
            >
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex align="center" gap={6}>
                  <Badge color={SEVERITY_COLORS[item.severity]} />
                  <Link
                    to={incidentPath(item)}
                    onClick={(event) => {
                      event.preventDefault();
                    }}
                    style={{ fontWeight: item.read ? 400 : 600 }}
                  >
                    {item.title}
                  </Link>
                </Flex>
                {item.body ? <Typography.Text type="secondary">{item.body}</Typography.Text> : null}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(item.created_at)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
  return (
    <Popover
      open={isOpen}
      onOpenChange={onOpenChange}
      trigger="click"
      placement={isPhone ? 'bottom' : 'bottomRight'}
      title={
        <Flex justify="space-between" align="center" gap={16}>
          <span>
            {t('bell')}
            {page && page.unread > 0 ? ` · ${t('unread', { count: page.unread })}` : ''}
          </span>
          <Button
            size="small"
            type="link"
            disabled={!page || page.unread === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {t('markAllRead')}
          </Button>
        </Flex>
      }
      content={
        <>
          {content}
          <Flex justify="end" style={{ marginTop: 8 }}>
            <Link to="/profile#notifications" onClick={() => onOpenChange(false)}>
              {t('settings')}
            </Link>
          </Flex>
        </>
      }
    >
      {children}
    </Popover>
  );
};
