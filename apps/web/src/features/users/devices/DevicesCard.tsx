import { Alert, Card, Flex, Skeleton, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { TextSpan } from '@/components/text/TextSpan';
import { useUserDevices } from '@/features/users/api';
import { describeDevice } from '@/features/users/devices/describeDevice';
import { formatDateTime } from '@/lib/dates';
import { loadNamespaces } from '@/lib/i18n';

/** The card's texts (locales/<language>/lazy/userDevices.ts): not in every screen's language chunk, loaded with it. */
export const textsReady: Promise<void> = loadNamespaces('userDevices');

// No platform icons: the build puts every icon into what all signed-in screens load (2.6 KB for three).
/**
 * A driver's sign-ins to the app (issue 38): each a device, with its platform, app version, browser or system, when
 * it signed in, was last seen and, once signed out, when. Newest first, as the server answers them.
 */
export const DevicesCard = ({ userId }: { userId: number }) => {
  const { t } = useTranslation('userDevices');
  const devices = useUserDevices(userId);

  const body = devices.isPending ? (
    <Skeleton active title={false} paragraph={{ rows: 2 }} />
  ) : devices.isError ? (
    <Alert type="error" showIcon title={t('loadError')} />
  ) : devices.data.items.length === 0 ? (
    <EmptyState kind="none" compact title={t('empty.title')} description={t('empty.text')} />
  ) : (
    // A few rows, not a table: a table here would be one more chunk importing antd's table, which the build would
    // then move into what every signed-in screen loads (apps/web/build/chunkGroups.ts).
    <Flex vertical gap={8} role="list" aria-label={t('title')}>
      {devices.data.items.map((device) => (
        <Flex key={device.id} role="listitem" wrap gap={12} align="center" data-testid="app-device">
          <Tag color={device.platform ? 'blue' : undefined}>{t(`platforms.${device.platform ?? 'unknown'}`)}</Tag>
          <span>
            {t('columns.version')}: {device.app_version || '—'}
          </span>
          {device.user_agent ? (
            <Tooltip title={device.user_agent} placement="topLeft">
              <span
                style={{
                  display: 'inline-block',
                  maxWidth: 240,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  verticalAlign: 'bottom',
                }}
              >
                {describeDevice(device.user_agent)}
              </span>
            </Tooltip>
          ) : null}
          <TextSpan tone="secondary">
            {t('columns.signedIn')}: {formatDateTime(device.signed_in_at)}
          </TextSpan>
          <TextSpan tone="secondary">
            {t('columns.lastSeen')}: {formatDateTime(device.last_seen_at)}
          </TextSpan>
          {device.ended_at === null ? (
            <Tag color="success">{t('status.active')}</Tag>
          ) : (
            <TextSpan tone="secondary">{t('status.ended', { date: formatDateTime(device.ended_at) })}</TextSpan>
          )}
        </Flex>
      ))}
    </Flex>
  );

  return (
    <Card title={t('title')} size="small">
      {body}
    </Card>
  );
};
