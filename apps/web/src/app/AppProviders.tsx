import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '@/app/queryClient';
import { ThemeProvider } from '@/app/ThemeProvider';
import { i18n } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';

/** i18n, TanStack Query and Ant Design's theme, for the whole app. */
export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    // The server translates its answers (role names, messages): a new language refetches what is shown.
    const onLanguageChanged = () => {
      void queryClient.invalidateQueries();
    };
    i18n.on('languageChanged', onLanguageChanged);
    // Another manager may sign in next: nothing cached for the previous one may leak into their screens.
    const unsubscribe = sessionStore.subscribe(() => {
      if (!sessionStore.get()) {
        queryClient.clear();
      }
    });
    return () => {
      i18n.off('languageChanged', onLanguageChanged);
      unsubscribe();
    };
  }, [queryClient]);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>{children}</ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
};
