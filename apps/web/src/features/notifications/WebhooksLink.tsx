import { AlertOutlined, ApiOutlined } from '@ant-design/icons';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/components/permissions/permissions';

export { textsReady } from '@/features/notifications/texts';

/**
 * The settings screen's ways to the alert rules (`/settings/alerts`, alerts.view) and the webhooks
 * (`/settings/webhooks`, alerts.manage), for the accounts that may see them.
 */
export const WebhooksLink = () => {
  const { t } = useTranslation('notificationSettings');
  const canSeeRules = useCan('alerts.view');
  const canManage = useCan('alerts.manage');
  if (!canSeeRules && !canManage) {
    return null;
  }
  return (
    <Card size="small" style={{ maxWidth: 560 }}>
      <Flex vertical gap={8}>
        {canSeeRules ? (
          <Link to="/settings/alerts">
            <AlertOutlined aria-hidden /> {t('alertRulesLink')}
          </Link>
        ) : null}
        {canManage ? (
          <Link to="/settings/webhooks">
            <ApiOutlined aria-hidden /> {t('webhooks.link')}
          </Link>
        ) : null}
      </Flex>
    </Card>
  );
};
