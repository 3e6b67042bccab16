import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage, type TLanguage } from '@/lib/language';

/**
 * One language at a time (issue 33, item 5; docs/product/common.md): a record kept in three languages
 * (`name_ru`, `name_en`, `name_ky`; `title_*`, `address_*`) is shown in the interface language only, falling back
 * to Russian, the default language and the one always filled, when the current language's text is empty.
 */
export type TPerLanguage<TField extends string = 'name'> = {
  [K in `${TField}_${TLanguage}`]?: string | null;
};

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The `field` (`name` unless told) of `record` in `language`, or in Russian when that one is empty; '' when
 * neither is filled. `localizedName(station, 'en')` → `station.name_en || station.name_ru`.
 */
export const localizedName = <TField extends string = 'name'>(
  record: TPerLanguage<TField> | null | undefined,
  language: TLanguage | string | undefined,
  field: TField = 'name' as TField,
): string => {
  if (!record) {
    return '';
  }
  const texts = record as Record<string, unknown>;
  const own = textOf(texts[`${field}_${toLanguage(language)}`]);
  return own !== '' ? own : textOf(texts[`${field}_${DEFAULT_LANGUAGE}`]);
};

/** The interface language as the contracts name it (`ru`, `en`, `ky`); a screen using it redraws on a switch. */
export const useLanguage = (): TLanguage => {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
};

/** `localizedName` bound to the interface language: `const nameOf = useLocalizedName(); nameOf(station)`. */
export const useLocalizedName = () => {
  const language = useLanguage();
  return useCallback(
    <TField extends string = 'name'>(record: TPerLanguage<TField> | null | undefined, field?: TField) =>
      localizedName(record, language, field),
    [language],
  );
};
