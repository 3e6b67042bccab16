import { render, type RenderOptions } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createKitI18n, type TKitLanguage } from '@/components/test-i18n';

type TKitRenderOptions = Omit<RenderOptions, 'wrapper'> & { language?: TKitLanguage };

/** Renders a kit component inside the providers the app gives it: i18n, antd theme and antd App (message). */
export const renderWithKit = (ui: ReactElement, { language = 'en', ...options }: TKitRenderOptions = {}) => {
  const i18n = createKitI18n(language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={{ token: { colorPrimary: '#22A699', motion: false } }}>
        <App>{children}</App>
      </ConfigProvider>
    </I18nextProvider>
  );
  return { i18n, ...render(ui, { wrapper: Wrapper, ...options }) };
};
