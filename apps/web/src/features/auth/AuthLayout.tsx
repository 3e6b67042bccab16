import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import '@/features/auth/auth.css';
import { ThunderboltFilledIcon } from '@/features/auth/form/icons';
import { LanguageSwitcher } from '@/components/language-switcher/LanguageSwitcher';

/**
 * The signed-out frame: brand, language switcher and one card with the current form. Plain markup and
 * auth.css, no antd: these screens are the app's first download (scripts/report-size.mjs weighs them), and
 * antd's theme, Form and Input alone were ~120 KB gzip of it. The form kit in ./form draws antd's look.
 */
export const AuthLayout = () => {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <div className="auth-page">
      <header className="auth-topbar">
        <LanguageSwitcher />
      </header>
      <main className="auth-main">
        <section className="auth-card">
          <div className="auth-brand">
            <ThunderboltFilledIcon className="auth-brand-icon" />
            <strong className="auth-brand-name">{t('common:appName')}</strong>
            <span className="auth-brand-subtitle">{t('login.subtitle')}</span>
          </div>
          <Outlet />
        </section>
      </main>
    </div>
  );
};
