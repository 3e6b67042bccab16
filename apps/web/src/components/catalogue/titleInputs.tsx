import { TITLE_MAX, zOptionalText, zRequiredText, type TLanguage } from '@zaryad/contracts';
import { Form, Input } from 'antd';
import type { TFunction } from 'i18next';
import { TITLE_FIELD } from '@/components/catalogue/titles';
import { zodRule } from '@/lib/formRules';

const LABEL = { ru: 'fields.titleRu', en: 'fields.titleEn', ky: 'fields.titleKy' } as const;

// Russian is the default language and is required; en and ky may stay empty (their badge is then not shown).
const RULE = {
  ru: zodRule(zRequiredText(TITLE_MAX)),
  en: zodRule(zOptionalText(TITLE_MAX)),
  ky: zodRule(zOptionalText(TITLE_MAX)),
};

/** The wizard step of one language: its title input, checked with the contract's rules and messages. */
export const titleInput = (language: TLanguage, t: TFunction<'catalogue'>) => (
  <Form.Item
    name={TITLE_FIELD[language]}
    label={t(LABEL[language])}
    rules={[RULE[language]]}
    required={language === 'ru'}
  >
    {/* No maxLength: an over-long paste shows the limit's message instead of being cut silently. */}
    <Input count={{ show: true, max: TITLE_MAX }} autoComplete="off" />
  </Form.Item>
);

export const titleFieldNames = (language: TLanguage) => [TITLE_FIELD[language]];
