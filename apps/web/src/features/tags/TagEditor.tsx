import type { TTag } from '@zaryad/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateTag, useUpdateTag } from '@/features/tags/api';
import { CatalogueWizardDrawer } from '@/components/catalogue/CatalogueWizardDrawer';
import type { TEditing } from '@/components/catalogue/CatalogueListPage';
import { useLocalizedName } from '@/lib/localizedName';
import { changedTitles, trimTitles, type TTitles } from '@/components/catalogue/titles';

const EMPTY: TTitles = { title_ru: '', title_en: '', title_ky: '' };

type TTagEditorProps = { editing: Exclude<TEditing<TTag>, null>; onClose: () => void };

/** Creates a tag (POST, every title) or edits one (PATCH, only the titles that changed). */
export const TagEditor = ({ editing, onClose }: TTagEditorProps) => {
  const { t } = useTranslation('catalogue');
  const nameOf = useLocalizedName();
  const { message } = App.useApp();
  const create = useCreateTag();
  const update = useUpdateTag();
  const initial: TTitles = editing.mode === 'edit' ? editing.record : EMPTY;

  const submit = async (values: TTitles) => {
    if (editing.mode === 'create') {
      await create.mutateAsync(trimTitles(values));
      void message.success(t('tags.created'));
      return;
    }
    const changes = changedTitles(initial, values);
    if (Object.keys(changes).length > 0) {
      await update.mutateAsync({ id: editing.record.id, body: changes });
    }
    void message.success(t('tags.saved'));
  };

  return (
    <CatalogueWizardDrawer<TTitles>
      mode={editing.mode}
      title={
        editing.mode === 'edit'
          ? t('tags.editTitle', { name: nameOf(editing.record, 'title') })
          : t('tags.createTitle')
      }
      initialValues={{ title_ru: initial.title_ru, title_en: initial.title_en, title_ky: initial.title_ky }}
      onSubmit={submit}
      onClose={onClose}
    />
  );
};
