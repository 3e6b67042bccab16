import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/app/queryClient';
import { ThemeProvider } from '@/app/ThemeProvider';
import { i18n } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';

/**
 * TanStack Query and Ant Design's theme, for the signed-in app: its layout mounts them, so the sign-in screens
 * (plain markup, the first download) load neither. i18n needs no provider: `initReactI18next` registers it.
 * Each sign-in gets a new query client, and signing out drops it with the layout.
 */
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
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
};
