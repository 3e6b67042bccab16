import { numberFormat, type TNumberFormat } from '@zaryad/contracts/number-format';
import { useTranslation } from 'react-i18next';

/** The house's number formatter in the app's language: `1 234,56 сом`, `12,35 кВт·ч`. */
export const useNumberFormat = (): TNumberFormat => {
  const { i18n } = useTranslation();
  return numberFormat(i18n.resolvedLanguage ?? i18n.language);
};
