import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTD_LOCALES } from '@/app/antdLocales';
import { toLanguage } from '@/lib/language';

/** SPEC.md section 9: theme primary colour. */
export const PRIMARY_COLOR = '#22A699';

/**
 * Ant Design's theme and locale; the locale follows the interface language. antd's <App> (message, modal)
 * sits in the signed-in layout: the login screen needs neither, and they weigh ~25 KB.
 */
export const ThemeProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={{ token: { colorPrimary: PRIMARY_COLOR } }}>
      {children}
    </ConfigProvider>
  );
};
