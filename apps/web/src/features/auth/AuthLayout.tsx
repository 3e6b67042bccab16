import { ThunderboltFilled } from '@ant-design/icons';
import { Card, Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '@/features/layout/LanguageSwitcher';

/** The signed-out frame: brand, language switcher and one card with the current form. */
export const AuthLayout = () => {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #e6f6f4 0%, #f5f7fa 60%)' }}>
      <Flex justify="flex-end" style={{ padding: 16 }}>
        <LanguageSwitcher />
      </Flex>
      <Flex component="main" vertical align="center" justify="center" flex={1} style={{ padding: '0 16px 64px' }}>
        <Card style={{ width: '100%', maxWidth: 420 }} styles={{ body: { padding: 32 } }}>
          <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
            <ThunderboltFilled style={{ fontSize: 36, color: '#22A699' }} />
            <Typography.Text strong style={{ fontSize: 22 }}>
              {t('common:appName')}
            </Typography.Text>
            <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
          </Flex>
          <Outlet />
        </Card>
      </Flex>
    </Layout>
  );
};
