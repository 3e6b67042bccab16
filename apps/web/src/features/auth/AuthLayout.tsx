import { ThunderboltFilled } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '@/features/layout/LanguageSwitcher';

/**
 * The signed-out frame: brand, language switcher and one card with the current form. Plain elements styled
 * with the theme's tokens rather than antd's Layout, Card and Typography: those bring Menu, Tabs, Skeleton
 * and Tooltip into the login screen's download for a box and two headings.
 */
export const AuthLayout = () => {
  const { t } = useTranslation(['auth', 'common']);
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #e6f6f4 0%, #f5f7fa 60%)',
        fontFamily: token.fontFamily,
        color: token.colorText,
      }}
    >
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <LanguageSwitcher />
      </header>
      <main
        style={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'center', padding: '0 16px 64px' }}
      >
        <section
          style={{
            width: '100%',
            maxWidth: 420,
            padding: 32,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, marginBottom: 24 }}>
            <ThunderboltFilled style={{ fontSize: 36, color: token.colorPrimary }} />
            <strong style={{ fontSize: 22 }}>{t('common:appName')}</strong>
            <span style={{ color: token.colorTextSecondary }}>{t('login.subtitle')}</span>
          </div>
          <Outlet />
        </section>
      </main>
    </div>
  );
};
