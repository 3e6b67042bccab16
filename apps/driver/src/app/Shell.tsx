import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, ScrollRestoration } from 'react-router';
import { Loading } from '@/app/states';
import { MainFullscreen } from '@/features/content/routes';

const TABS = [
  { to: '/stations', key: 'stations', icon: 'M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6a2.5 2.5 0 0 1 0 5.5z' },
  { to: '/charging', key: 'charging', icon: 'M13 2 4 14h7l-1 8 9-12h-7z' },
  { to: '/wallet', key: 'wallet', icon: 'M3 6h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H3zm0 0 12-3v3m2 7h.01' },
  { to: '/profile', key: 'profile', icon: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0' },
] as const;

/**
 * The signed-in frame: the screen above, the four tabs below within a thumb's reach. A new screen opens at its top;
 * Back returns to where the driver was on the previous one.
 */
export const Shell = () => {
  const { t } = useTranslation('app');
  return (
    <div className="shell">
      <ScrollRestoration />
      <main className="shell-main">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <nav className="tabs" aria-label={t('brand')}>
        {TABS.map((tab) => (
          <NavLink key={tab.key} to={tab.to} className="tab">
            <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
              <path d={tab.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            </svg>
            <span>{t(`nav.${tab.key}`)}</span>
          </NavLink>
        ))}
      </nav>
      <MainFullscreen />
    </div>
  );
};
