import { BellOutlined } from '@ant-design/icons';
import type { TNotification } from '@zaryad/contracts/notifications';
import { App, Button, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { incidentPath, useBellNotifications, useNotificationStream } from '@/features/notifications/api';
import { useAfterFirstScreen } from '@/lib/useAfterFirstScreen';

// The list (its popover, rows and actions) loads on the first opening, or when the pointer or focus reaches the bell:
// the header on every screen carries only the button, its badge and the stream.
const loadPanel = () => import('@/features/notifications/BellPanel');
const BellPanel = lazy(async () => ({ default: (await loadPanel()).BellPanel }));

/**
 * The header's bell (docs/product/notifications.md#2-screens): the unread count as a badge, kept live by the account's
 * event stream; a critical notification also shows as a toast that leads to its incident.
 */
export const NotificationBell = () => {
  const { t, i18n } = useTranslation('notifications');
  const { notification } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [isLoaded, setIsLoaded] = useState(false);
  // The count and its stream start once the screen's first frame is drawn: the badge is not what the page is for.
  const isStarted = useAfterFirstScreen();
  const bell = useBellNotifications(isStarted);
  const unread = bell.data?.unread ?? 0;

  const isLive = useNotificationStream(
    i18n.language,
    (item: TNotification) => {
      if (item.severity !== 'critical') {
        return;
      }
      const key = `notification-${item.id}`;
      notification.error({
        key,
        title: item.title,
        description: item.body,
        placement: 'topRight',
        actions: (
          <Button
            size="small"
            type="primary"
            onClick={() => {
              notification.destroy(key);
              void navigate(incidentPath(item));
            }}
          >
            {t('openIncident')}
          </Button>
        ),
      });
    },
    isStarted,
  );

  const preload = () => void loadPanel();
  const button = (
    <Button
      type="text"
      aria-label={unread > 0 ? `${t('bell')}. ${t('unread', { count: unread })}` : t('bell')}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      data-testid="notification-bell"
      data-live={isLive}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        // The first click loads the list and opens it; after that the popover's own trigger opens and closes it.
        if (!isLoaded) {
          setIsLoaded(true);
          setIsOpen(true);
        }
      }}
      icon={
        <span style={{ position: 'relative', display: 'inline-flex' }}>
          <BellOutlined style={{ fontSize: 18 }} />
          {unread > 0 && (
            // antd's small Badge drawn by hand: the header is on every screen, and Badge's module is 4 KB of the
            // frame's budget (docs/design.md#16-the-web-apps-first-paint).
            <span
              data-testid="notification-badge"
              aria-hidden
              style={{
                position: 'absolute',
                top: -6,
                insetInlineStart: 10,
                minWidth: 16,
                height: 16,
                padding: '0 4px',
                borderRadius: 8,
                background: token.colorError,
                color: token.colorWhite,
                fontSize: 11,
                lineHeight: '16px',
                textAlign: 'center',
                boxShadow: `0 0 0 1px ${token.colorBgContainer}`,
              }}
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </span>
      }
    />
  );
  if (!isLoaded) {
    return button;
  }
  return (
    <Suspense fallback={button}>
      <BellPanel isOpen={isOpen} onOpenChange={setIsOpen} page={bell.data} isError={bell.isError}>
        {button}
      </BellPanel>
    </Suspense>
  );
};
