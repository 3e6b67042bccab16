import { useTranslation } from 'react-i18next';
import { toLanguage } from '@/lib/language';

export const useStationLanguage = () => {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
};
