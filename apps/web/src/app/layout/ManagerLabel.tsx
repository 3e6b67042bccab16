import { CheckOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, theme, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '@/app/layout/useMe';
import { PRIMARY_TEXT_COLOR, useTheme } from '@/app/ThemeProvider';
import { THEME_PREFERENCES, themeStore } from '@/app/themePreference';
import { DeferredPopup } from '@/components/deferred-popup/DeferredPopup';

/**
 * The account menu: the signed-in manager's first and last name from `/accounts/me/` (on a phone only the avatar),
 * opening their profile and open sessions, the theme (as the system, light, dark) and sign-out.
 */
export const ManagerLabel = ({ isCompact = false }: { isCompact?: boolean }) => {
  const { t } = useTranslation('layout');
  const { data: me } = useMe();
  const { preference } = useTheme();
  const { token } = theme.useToken();
  const name = me ? `${me.first_name} ${me.last_name}`.trim() : '';
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined aria-hidden />, label: <Link to="/profile">{t('header.profile')}</Link> },
    { type: 'divider' },
    {
      type: 'group',
      key: 'theme',
      label: t('theme.label'),
      children: THEME_PREFERENCES.map((option) => ({
        key: `theme-${option}`,
        role: 'menuitemradio',
        'aria-checked': option === preference,
        // The chosen one ticked; the others keep the tick's room, so the labels stay in one column.
        icon: <CheckOutlined aria-hidden style={{ visibility: option === preference ? 'visible' : 'hidden' }} />,
        label: t(`theme.${option}`),
        onClick: () => themeStore.set(option),
      })),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: <Link to="/logout">{t('menu.logout')}</Link> },
  ];
  // The menu mounts at the first click (DeferredPopup), the avatar is a plain circle: the header is in every screen's
  // first frame, and antd's Dropdown and Avatar generate their styles when they first render.
  return (
    <DeferredPopup
      popup={(trigger, control) => (
        <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" {...control}>
          {trigger}
        </Dropdown>
      )}
    >
      <Button
        type="text"
        data-testid="manager-label"
        aria-label={name ? `${t('header.account')}: ${t('header.manager', { name })}` : t('header.account')}
        style={{ paddingInline: isCompact ? 4 : 8, height: 'auto', minHeight: 32 }}
      >
        <span
          aria-hidden
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            flex: 'none',
            width: 24,
            height: 24,
            borderRadius: '50%',
            fontSize: 14,
            background: PRIMARY_TEXT_COLOR,
            color: token.colorWhite,
          }}
        >
          <UserOutlined />
        </span>
        {isCompact ? null : (
          <strong style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</strong>
        )}
      </Button>
    </DeferredPopup>
  );
};
