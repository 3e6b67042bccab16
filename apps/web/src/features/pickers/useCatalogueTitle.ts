import { useTranslation } from 'react-i18next';
import { catalogueTitle } from '@/features/pickers/catalogueTitle';
import { toLanguage } from '@/lib/language';

/** catalogueTitle() in the current interface language. */
export const useCatalogueTitle = () => {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (item: Parameters<typeof catalogueTitle>[0]) => catalogueTitle(item, language);
};
