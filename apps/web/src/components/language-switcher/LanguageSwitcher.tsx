import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '@/components/language-switcher/LanguageSwitcher.css';
import { changeLanguage } from '@/lib/i18n';
import { LANGUAGE_OPTIONS, toLanguage, type TLanguage } from '@/lib/language';

type TLanguageSwitcherProps = {
  size?: 'small' | 'middle';
  /** Told after the interface switched, e.g. to remember the choice in the account's settings. */
  onChange?: (language: TLanguage) => void;
};

/**
 * ENG / RU / KG: the choice is stored under `language` and sent with every API call. Native radio buttons drawn
 * as antd's Segmented (one Tab stop, arrow keys to move), in plain markup: the sign-in screens show it, and
 * antd's Segmented brings its theme and motion code into their download.
 */
export const LanguageSwitcher = ({ size = 'middle', onChange }: TLanguageSwitcherProps) => {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const name = useId();
  return (
    <div role="radiogroup" aria-label={t('language.label')} className={`language-switcher language-switcher-${size}`}>
      {LANGUAGE_OPTIONS.map((option) => (
        <label key={option.value} className="language-switcher-item" title={option.title}>
          <input
            type="radio"
            className="language-switcher-input"
            name={name}
            value={option.value}
            checked={option.value === language}
            onChange={() => {
              void changeLanguage(option.value).then(() => onChange?.(option.value));
            }}
          />
          <span className="language-switcher-label" lang={option.value}>
            {option.label}
          </span>
        </label>
      ))}
    </div>
  );
};
