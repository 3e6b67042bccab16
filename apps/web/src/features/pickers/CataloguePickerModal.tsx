import type { TCatalogueRef } from '@zaryad/contracts';
import { Flex, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageBadges, SearchInput, useDebouncedValue, LIST_DEBOUNCE_MS } from '@/components';
import { usePickerOptions, type TPickerKind, type TPickerOption } from '@/features/pickers/api';
import { useCatalogueTitle } from '@/features/pickers/useCatalogueTitle';

export type TCataloguePickerModalProps = {
  kind: TPickerKind;
  open: boolean;
  /** What is chosen already: ticked when the modal opens. */
  value: readonly TCatalogueRef[];
  /** Receives the ticked items (kept across searches) when Choose is pressed. */
  onChoose: (items: TCatalogueRef[]) => void;
  onCancel: () => void;
};

const toRef = (option: TPickerOption): TCatalogueRef => ({
  id: option.id,
  title_ru: option.title_ru,
  title_en: option.title_en,
  title_ky: option.title_ky,
  icon_path: option.icon_path ?? null,
});

/** The tags or infrastructure picker of docs/product/stations.md#2-screens: a searchable table with multiselect and select-all. */
export const CataloguePickerModal = ({ kind, open, value, onChoose, onCancel }: TCataloguePickerModalProps) => {
  const { t } = useTranslation('merchants');
  const title = useCatalogueTitle();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, LIST_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<TCatalogueRef[]>([]);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setChosen([...value]);
      setSearch('');
    }
  }
  const options = usePickerOptions(kind, debouncedSearch.trim(), open);
  const rows = options.data?.items ?? [];

  const columns: TableColumnsType<TPickerOption> = [
    {
      key: 'title',
      title: t('pickers.titleColumn'),
      render: (_value, option) => (
        <Flex align="center" gap={8} wrap>
          {option.icon_path ? <img src={option.icon_path} alt="" width={20} height={20} /> : null}
          <span>{title(option)}</span>
          <LanguageBadges record={option} />
        </Flex>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={kind === 'tags' ? t('pickers.tagsTitle') : t('pickers.infrastructureTitle')}
      width={640}
      okText={t('pickers.choose')}
      cancelText={t('pickers.cancel')}
      onOk={() => {
        onChoose(chosen);
      }}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <SearchInput value={search} onChange={setSearch} placeholder={t('pickers.search')} width="100%" />
        <Table<TPickerOption>
          aria-label={kind === 'tags' ? t('pickers.tagsTitle') : t('pickers.infrastructureTitle')}
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={options.isFetching}
          pagination={false}
          scroll={{ y: 360 }}
          locale={{ emptyText: t('pickers.empty') }}
          rowSelection={{
            selectedRowKeys: chosen.map((item) => item.id),
            preserveSelectedRowKeys: true,
            onChange: (keys) => {
              // Rows chosen under another search are not in `rows`: keep the records already known.
              setChosen((current) =>
                keys.flatMap((key) => {
                  const known = current.find((item) => item.id === key);
                  const row = rows.find((option) => option.id === key);
                  if (known) {
                    return [known];
                  }
                  return row ? [toRef(row)] : [];
                }),
              );
            },
            getTitleCheckboxProps: () => ({ 'aria-label': t('pickers.selectAll') }),
            getCheckboxProps: (option) => ({ 'aria-label': title(option) }),
          }}
        />
        <span>{t('pickers.chosen', { count: chosen.length })}</span>
      </Flex>
    </Modal>
  );
};
