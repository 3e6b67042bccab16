import { useTranslation } from 'react-i18next';
import { numberFormat, type TNumberFormat } from '@/lib/numberFormat';

/** The number formatter of the interface language; a screen using it is drawn again when the language changes. */
export const useNumberFormat = (): TNumberFormat => {
  const { i18n } = useTranslation();
  return numberFormat(i18n.resolvedLanguage ?? i18n.language);
};
