import { useTranslation } from 'react-i18next';
import { setLanguage } from '@/lib/i18n';
import { LANGUAGE_NAMES, LANGUAGES, toLanguage } from '@/lib/language';

/** The three languages, each named in itself; the choice is kept in this browser. */
export const LanguageSwitch = ({ label }: { label: string }) => {
  const { i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage);
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          role="radio"
          aria-checked={language === current}
          lang={language}
          className={language === current ? 'segment segment-on' : 'segment'}
          onClick={() => void setLanguage(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
};
