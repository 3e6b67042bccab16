import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export type TMultilingualTitle = { title_ru?: string | null; title_en?: string | null; title_ky?: string | null };

/** docs/product/common.md#2-screens (pickers): KG, RU, ENG, in this order, for each language whose title is filled. */
const BADGES = [
  { field: 'title_ky', badge: 'languages.badgeKy', name: 'languages.ky' },
  { field: 'title_ru', badge: 'languages.badgeRu', name: 'languages.ru' },
  { field: 'title_en', badge: 'languages.badgeEn', name: 'languages.en' },
] as const;

export const filledLanguages = (record: TMultilingualTitle) =>
  BADGES.filter(({ field }) => (record[field] ?? '').trim() !== '');

export const LanguageBadges = ({ record }: { record: TMultilingualTitle }) => {
  const { t } = useTranslation('kit');
  const filled = filledLanguages(record);
  if (filled.length === 0) {
    return null;
  }
  return (
    <Space
      size={4}
      aria-label={t('languages.filled', { languages: filled.map(({ name }) => t(name)).join(', ') })}
      role="group"
    >
      {filled.map(({ field, badge }) => (
        <Tag key={field} bordered={false} color="cyan" aria-hidden>
          {t(badge)}
        </Tag>
      ))}
    </Space>
  );
};
