import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n';
import { LANGUAGE_OPTIONS, toLanguage } from '@/lib/language';

/** ENG / RU / KG: the choice is stored under `language` and sent with every API call. */
export const LanguageSwitcher = ({ size = 'middle' }: { size?: 'small' | 'middle' }) => {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Segmented
      size={size}
      aria-label={t('language.label')}
      value={language}
      options={LANGUAGE_OPTIONS.map((option) => ({
        value: option.value,
        label: (
          <span lang={option.value} title={option.title}>
            {option.label}
          </span>
        ),
      }))}
      onChange={(value) => {
        void changeLanguage(toLanguage(value));
      }}
    />
  );
};
