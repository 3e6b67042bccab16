import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher/LanguageSwitcher';
import { ManagerLabel } from '@/app/layout/ManagerLabel';
import type { TBreadcrumb } from '@/app/layout/useBreadcrumbs';
import { useUpdateAccountSettings } from '@/features/settings/api';

type TAppHeaderProps = { crumbs: TBreadcrumb[]; title: string; isCollapsed: boolean; onToggle: () => void };

/** Sider trigger, the page title with its breadcrumbs, the language switcher and the manager label. */
export const AppHeader = ({ crumbs, title, isCollapsed, onToggle }: TAppHeaderProps) => {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  // The header's switch is the account's language too, so /settings and other devices agree with it.
  const updateSettings = useUpdateAccountSettings();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        height: 'auto',
        lineHeight: 'normal',
        padding: '12px 24px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={16}>
        <Button
          type="text"
          icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={isCollapsed ? t('sider.expand') : t('sider.collapse')}
          aria-expanded={!isCollapsed}
          onClick={onToggle}
        />
        <Flex vertical flex={1} style={{ minWidth: 0 }}>
          <Breadcrumb
            aria-label={t('breadcrumbs')}
            items={crumbs.map((crumb) => ({
              title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
            }))}
          />
          {/* Plain h1: Typography's ellipsis and editing bring Tooltip and TextArea into every screen. */}
          <h1
            style={{
              fontSize: 20,
              fontWeight: 600,
              lineHeight: 1.4,
              margin: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h1>
        </Flex>
        <LanguageSwitcher
          size="small"
          onChange={(language) => {
            updateSettings.mutate({ language }, { onError: (error) => console.error(error) });
          }}
        />
        <ManagerLabel />
      </Flex>
    </Layout.Header>
  );
};
