import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher/LanguageSwitcher';
import { ManagerLabel } from '@/app/layout/ManagerLabel';
import type { TBreadcrumb } from '@/app/layout/useBreadcrumbs';
import { NotificationBell } from '@/features/notifications';
import { GlobalSearch } from '@/features/search';
import { useUpdateAccountSettings } from '@/features/settings/api';

/** The menu the header's first button works: the sider (collapse, expand) or, on a phone, the drawer (open, close). */
export type THeaderMenu =
  | { kind: 'sider'; isCollapsed: boolean; onToggle: () => void }
  | { kind: 'drawer'; isOpen: boolean; onToggle: () => void };

type TAppHeaderProps = { crumbs: TBreadcrumb[]; title: string; menu: THeaderMenu };

/**
 * The menu button, the page title with its breadcrumbs, the language switcher and the account menu. On a phone it
 * wraps in two rows: the button and the controls, then the breadcrumbs and the title across the whole width.
 */
export const AppHeader = ({ crumbs, title, menu }: TAppHeaderProps) => {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const isPhone = menu.kind === 'drawer';
  // The header's switch is the account's language too, so /settings and other devices agree with it.
  const updateSettings = useUpdateAccountSettings();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        height: 'auto',
        lineHeight: 'normal',
        padding: isPhone ? '8px 12px' : '12px 24px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={isPhone ? 8 : 16} wrap="wrap">
        {menu.kind === 'drawer' ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('sider.open')}
            aria-expanded={menu.isOpen}
            onClick={menu.onToggle}
          />
        ) : (
          <Button
            type="text"
            icon={menu.isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={menu.isCollapsed ? t('sider.expand') : t('sider.collapse')}
            aria-expanded={!menu.isCollapsed}
            onClick={menu.onToggle}
          />
        )}
        {/* On a phone the title takes a row of its own under the controls (order 1, the whole width). */}
        <Flex vertical flex={isPhone ? '1 0 100%' : '1 1 200px'} style={{ minWidth: 0, order: isPhone ? 1 : 0 }}>
          <Breadcrumb
            aria-label={t('breadcrumbs')}
            items={crumbs.map((crumb) => ({
              title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
            }))}
          />
          {/* Plain h1: Typography's ellipsis and editing bring Tooltip and TextArea into every screen. */}
          <h1
            style={{
              fontSize: isPhone ? 18 : 20,
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
        {/*
          The controls, kept to the right on every row. The header's global search goes first in this group, between
          the title and the language switcher.
        */}
        <Flex align="center" gap={isPhone ? 8 : 16} style={{ marginInlineStart: 'auto' }} data-testid="header-controls">
          <GlobalSearch />
          <NotificationBell />
          <LanguageSwitcher
            size="small"
            onChange={(language) => {
              updateSettings.mutate({ language }, { onError: (error) => console.error(error) });
            }}
          />
          <ManagerLabel isCompact={isPhone} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
};
