import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TTag } from '@zaryad/contracts';
import { App, Button, type TableColumnsType } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { useRowSelection } from '@/components/data-table/useRowSelection';
import { StatusFilter, STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { useTranslation } from 'react-i18next';
import { BulkStatusButton, DataTable, ListToolbar, SearchInput, useListParams } from '@/components';
import type { TCatalogueHooks, TCatalogueKeys } from '@/features/tags/catalogue/catalogueApi';
import { mergeIntoPage } from '@/components/bulk-status/bulkStatus';
import { useCatalogueColumns } from '@/features/tags/catalogue/useCatalogueColumns';

/** What is open in the editor: nothing, a new record, or the record being edited. */
export type TEditing<TRecord> = { mode: 'create' } | { mode: 'edit'; record: TRecord } | null;

export type TCatalogueListPageProps<TRecord extends TTag, TCreate, TUpdate> = {
  kind: 'tags' | 'infrastructure';
  hooks: TCatalogueHooks<TRecord, TCreate, TUpdate>;
  keys: TCatalogueKeys;
  extraColumns?: TableColumnsType<TRecord>;
  /** The wizard modal for `editing` (never null here); it calls `close` after a save or a confirmed cancel. */
  renderEditor: (editing: Exclude<TEditing<TRecord>, null>, close: () => void) => ReactNode;
};

/** `/tags` and `/infrastructure`: search, status filter, paging, bulk status, create, edit and delete. */
export const CatalogueListPage = <TRecord extends TTag, TCreate, TUpdate>({
  kind,
  hooks,
  keys,
  extraColumns,
  renderEditor,
}: TCatalogueListPageProps<TRecord, TCreate, TUpdate>) => {
  const { t } = useTranslation(['catalogue', 'kit']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListParams(STATUS_FILTERS);
  const records = hooks.useList(list.query);
  const setStatuses = hooks.useSetStatuses();
  const remove = hooks.useDelete();
  const { selected, setSelected, selection } = useRowSelection<TRecord>();
  const [editing, setEditing] = useState<TEditing<TRecord>>(null);

  const columns = useCatalogueColumns<TRecord>({
    extra: extraColumns,
    deleteQuestion: (title) => t(`${kind}.deleteTitle`, { title }),
    onEdit: (record) => {
      setEditing({ mode: 'edit', record });
    },
    onDelete: async (record) => {
      await remove.mutateAsync(record.id);
      setSelected((current) => current.filter((item) => item.id !== record.id));
      void message.success(t(`${kind}.deleted`));
    },
  });

  const onStatusChanged = (updated: TRecord[]) => {
    queryClient.setQueryData(keys.list(list.query), mergeIntoPage(updated));
    setSelected([]);
  };

  return (
    <>
      <ListToolbar
        actions={
          <>
            <BulkStatusButton
              selected={selected}
              onConfirm={(body) => setStatuses.mutateAsync(body)}
              onSuccess={onStatusChanged}
            />
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => {
                setEditing({ mode: 'create' });
              }}
            >
              {t(`${kind}.create`)}
            </Button>
          </>
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder={t(`${kind}.search`)} width={320} />
        <StatusFilter value={list.draftFilters.active} onChange={(active) => list.setFilter('active', active)} />
      </ListToolbar>
      <DataTable<TRecord>
        aria-label={t(`${kind}.title`)}
        columns={columns}
        data={records.data}
        loading={records.isFetching}
        rowKey="id"
        page={list.page}
        size={list.size}
        onPageChange={list.setPage}
        selection={selection}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      {editing ? (
        // Pages pass a lazy editor: it opens once its chunk is in.
        <Suspense fallback={null}>
          {renderEditor(editing, () => {
            setEditing(null);
          })}
        </Suspense>
      ) : null}
    </>
  );
};
