import { ThunderboltFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TMenuItemKey } from '@/app/layout/menu';
import { SideMenu } from '@/app/layout/SideMenu';

type TSiderContentProps = { isCollapsed: boolean; selectedKey: TMenuItemKey | undefined };

/** Logo, the main menu (scrolls when the window is short) and the bottom menu. */
export const SiderContent = ({ isCollapsed, selectedKey }: TSiderContentProps) => {
  const { t } = useTranslation(['common', 'layout']);
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ height: '100%' }}>
      <Link to="/" aria-label={t('appName')} style={{ display: 'block', padding: '20px 24px', whiteSpace: 'nowrap' }}>
        <ThunderboltFilled style={{ fontSize: 20, color: '#22A699' }} />
        {isCollapsed ? null : (
          <strong style={{ fontSize: 18, marginInlineStart: 10, color: token.colorText }}>{t('appName')}</strong>
        )}
      </Link>
      <nav aria-label={t('layout:navigation')} style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <SideMenu placement="main" selectedKey={selectedKey} isCollapsed={isCollapsed} />
      </nav>
      <SideMenu placement="bottom" selectedKey={selectedKey} />
    </Flex>
  );
};
