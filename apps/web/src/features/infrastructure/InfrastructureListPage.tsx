import type { TSurrounding } from '@zaryad/contracts';
import type { TableColumnsType } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { surroundingHooks } from '@/features/infrastructure/api';
import { CatalogueListPage } from '@/components/catalogue/CatalogueListPage';
import { localizedTitle } from '@/components/catalogue/titles';
import { toLanguage } from '@/lib/language';

const ICON_SIZE = 32;

// The editor (wizard, form, icon upload, contract checks) loads when it first opens, not with the list.
const SurroundingEditor = lazy(async () => ({
  default: (await import('@/features/infrastructure/SurroundingEditor')).SurroundingEditor,
}));

/** `/infrastructure` (docs/product/catalogues.md#2-screens): the tags' screen plus the svg icon. */
export const InfrastructureListPage = () => {
  const { t, i18n } = useTranslation('catalogue');
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const iconColumn: TableColumnsType<TSurrounding> = [
    {
      key: 'icon',
      title: t('fields.icon'),
      width: 80,
      render: (_value, record) =>
        record.icon_path ? (
          <img
            src={record.icon_path}
            alt={t('infrastructure.iconAlt', { title: localizedTitle(record, language) })}
            width={ICON_SIZE}
            height={ICON_SIZE}
            style={{ display: 'block', objectFit: 'contain' }}
          />
        ) : null,
    },
  ];
  return (
    <CatalogueListPage
      kind="infrastructure"
      hooks={surroundingHooks}
      extraColumns={iconColumn}
      renderEditor={(editing, close) => <SurroundingEditor editing={editing} onClose={close} />}
    />
  );
};
