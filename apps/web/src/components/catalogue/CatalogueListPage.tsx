import type { TTag } from '@zaryad/contracts';
import { App, type TableColumnsType } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueColumns } from '@/components/catalogue/useCatalogueColumns';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage, type TListPageHooks } from '@/components/list-page/useListPage';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';

/** What is open in the editor: nothing, a new record, or the record being edited. */
export type TEditing<TRecord> = { mode: 'create' } | { mode: 'edit'; record: TRecord } | null;

export type TCatalogueListPageProps<TRecord extends TTag> = {
  kind: 'tags' | 'infrastructure';
  hooks: TListPageHooks<TRecord, typeof STATUS_FILTERS>;
  extraColumns?: TableColumnsType<TRecord>;
  /** The wizard drawer for `editing` (never null here); it calls `close` after a save or a confirmed cancel. */
  renderEditor: (editing: Exclude<TEditing<TRecord>, null>, close: () => void) => ReactNode;
};

/** `/tags` and `/infrastructure`: the kit's list page with titles in three languages and a wizard editor. */
export const CatalogueListPage = <TRecord extends TTag>({
  kind,
  hooks,
  extraColumns,
  renderEditor,
}: TCatalogueListPageProps<TRecord>) => {
  const { t } = useTranslation(['catalogue', 'kit']);
  const { message } = App.useApp();
  const state = useListPage({ filters: STATUS_FILTERS, hooks, permission: kind });
  const [editing, setEditing] = useState<TEditing<TRecord>>(null);

  const columns = useCatalogueColumns<TRecord>({
    extra: extraColumns,
    can: state.can,
    deleteQuestion: (title) => t(`${kind}.deleteTitle`, { title }),
    onEdit: (record) => {
      setEditing({ mode: 'edit', record });
    },
    onDelete: async (record) => {
      await state.deleteRow(record);
      void message.success(t(`${kind}.deleted`));
    },
  });

  return (
    <ListPage
      state={state}
      label={t(`${kind}.title`)}
      columns={columns}
      listName={kind}
      search={{ placeholder: t(`${kind}.search`) }}
      statusFilter
      create={{
        label: t(`${kind}.create`),
        onClick: () => {
          setEditing({ mode: 'create' });
        },
      }}
    >
      {editing ? (
        // Pages pass a lazy editor: it opens once its chunk is in.
        <Suspense fallback={null}>
          {renderEditor(editing, () => {
            setEditing(null);
          })}
        </Suspense>
      ) : null}
    </ListPage>
  );
};
