import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab says where the operator is: `Accounts · Zaryad`. */
export const useDocumentTitle = (title: string | undefined) => {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
};
