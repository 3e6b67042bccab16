import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n';
import { LANGUAGE_OPTIONS, toLanguage, type TLanguage } from '@/lib/language';

type TLanguageSwitcherProps = {
  size?: 'small' | 'middle';
  /** Told after the interface switched, e.g. to remember the choice in the account's settings. */
  onChange?: (language: TLanguage) => void;
};

/** ENG / RU / KG: the choice is stored under `language` and sent with every API call. */
export const LanguageSwitcher = ({ size = 'middle', onChange }: TLanguageSwitcherProps) => {
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
        const next = toLanguage(value);
        void changeLanguage(next).then(() => onChange?.(next));
      }}
    />
  );
};
