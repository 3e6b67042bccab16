import { useQueryClient } from '@tanstack/react-query';
import { PROMO_CODE_STATES, type TPromoCodeState } from '@zaryad/contracts';
import { type TPromoCode } from '@zaryad/contracts/promo-codes';
import { App, Button, Select, Tag, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/DataTable';
import { ListToolbar } from '@/components/data-table/ListToolbar';
import { pagedTableProps } from '@/components/data-table/pagedTableProps';
import { SearchInput } from '@/components/data-table/SearchInput';
import { useListParams } from '@/components/data-table/useListParams';
import { useRowSelection } from '@/components/data-table/useRowSelection';
import { ExportButtons } from '@/components/export/ExportButtons';
import { useDomainCan } from '@/components/permissions/permissions';
import {
  PROMO_CODE_FILTERS,
  PROMO_CODES_PATH,
  promoCodeKeys,
  useDeactivateCodes,
  usePromoCodes,
  usePromotionChoices,
} from '@/features/promo-codes/api';
import type { TGenerateValues } from '@/features/promo-codes/GenerateCodesModal';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { loadNamespaces } from '@/lib/i18n';

/** The screen's texts (locales/<language>/lazy/promoCodes.ts). */
export const textsReady: Promise<void> = loadNamespaces('promoCodes');

const GenerateCodesModal = lazy(async () => ({
  default: (await import('@/features/promo-codes/GenerateCodesModal')).GenerateCodesModal,
}));

const STATE_COLOURS = { unused: 'green', used: 'blue', expired: 'default', deactivated: 'red' } as const;

/**
 * `/list-of-promotional-codes` on the list toolkit: codes by promotion (searched on the server), state and search,
 * every value in the URL; deactivation of the selected codes after a confirmation; xlsx and csv exports of what the
 * filters select; the generate modal.
 */
export const PromoCodesPage = () => {
  const { t, i18n } = useTranslation('promoCodes');
  const figures = useNumberFormat();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = useDomainCan('promo_codes');
  const list = useListParams(PROMO_CODE_FILTERS);
  const codes = usePromoCodes(list.query as TQuery);
  const { selected, setSelected, selection } = useRowSelection<TPromoCode>();
  const deactivate = useDeactivateCodes();
  const [isGenerating, setIsGenerating] = useState(false);
  const [promotionSearch, setPromotionSearch] = useState('');
  const promotions = usePromotionChoices(promotionSearch);
  const filters = list.draftFilters;
  const { page: _page, size: _size, ...exportQuery } = list.query;

  // The chosen promotion is always offered, with its title from the rows when the search left it out.
  const language = i18n.language === 'en' || i18n.language === 'ky' ? i18n.language : 'ru';
  const promotionOptions = (promotions.data?.items ?? []).map((item) => ({
    value: item.id,
    label: item[`title_${language}`],
  }));
  const chosen = filters.promotion;
  if (chosen !== undefined && !promotionOptions.some((option) => option.value === chosen)) {
    const title = codes.data?.items.find((row) => row.promotion === chosen)?.promotion_title;
    promotionOptions.push({ value: chosen, label: title ?? `#${String(chosen)}` });
  }

  const columns: TableColumnsType<TPromoCode> = [
    { key: 'code', title: t('code'), render: (_value, row) => <code>{row.code}</code> },
    { key: 'promotion', title: t('promotion'), dataIndex: 'promotion_title' },
    {
      key: 'uses',
      title: t('uses'),
      render: (_value, row) => (
        <>
          <div>{`${figures.count(row.uses)} / ${figures.count(row.total_limit)}`}</div>
          <small>
            {t('limits', { total: figures.count(row.total_limit), perUser: figures.count(row.per_user_limit) })}
          </small>
        </>
      ),
    },
    {
      key: 'validity',
      title: t('validity'),
      render: (_value, row) => `${formatDateTime(row.valid_from)} – ${formatDateTime(row.valid_until)}`,
    },
    {
      key: 'state',
      title: t('state'),
      render: (_value, row) => <Tag color={STATE_COLOURS[row.state]}>{t(`states.${row.state}`)}</Tag>,
    },
  ];
  const selectable = selected.filter((row) => row.state !== 'deactivated');

  return (
    <>
      <ListToolbar
        actions={
          <>
            {can.status ? (
              <Button
                disabled={selectable.length === 0}
                loading={deactivate.isPending}
                onClick={() => {
                  modal.confirm({
                    title: t('deactivateConfirm', { count: figures.count(selectable.length) }),
                    okText: t('deactivateOk'),
                    okButtonProps: { danger: true },
                    cancelText: t('cancel'),
                    onOk: async () => {
                      const rows = await deactivate.mutateAsync(selectable.map((row) => row.id));
                      setSelected([]);
                      void message.success(t('deactivated', { count: figures.count(rows.length) }));
                    },
                  });
                }}
              >
                {t('deactivate', { count: figures.count(selectable.length) })}
              </Button>
            ) : null}
            {can.export ? (
              <ExportButtons
                path={`${PROMO_CODES_PATH}export/`}
                query={exportQuery as TQuery}
                fallbackName={(format) => `promo-codes.${format}`}
              />
            ) : null}
            {can.create ? (
              <Button
                type="primary"
                onClick={() => {
                  setIsGenerating(true);
                }}
              >
                {t('generate')}
              </Button>
            ) : null}
          </>
        }
      >
        <SearchInput
          value={list.searchText}
          onChange={list.setSearch}
          placeholder={t('search')}
          label={t('search')}
          width={240}
        />
        <Select<number>
          aria-label={t('promotion')}
          placeholder={t('promotion')}
          allowClear
          style={{ width: 260 }}
          value={chosen}
          onChange={(promotion?: number) => list.setFilters({ promotion })}
          showSearch={{ filterOption: false, searchValue: promotionSearch, onSearch: setPromotionSearch }}
          options={promotionOptions}
        />
        <Select<TPromoCodeState>
          aria-label={t('state')}
          placeholder={t('state')}
          allowClear
          style={{ width: 200 }}
          value={filters.state}
          onChange={(state?: TPromoCodeState) => list.setFilters({ state })}
          options={PROMO_CODE_STATES.map((key) => ({ value: key, label: t(`states.${key}`) }))}
        />
      </ListToolbar>
      <DataTable<TPromoCode>
        aria-label={t('title')}
        columns={columns}
        rowKey="id"
        {...pagedTableProps(list, codes)}
        selection={can.status ? selection : undefined}
      />
      {isGenerating ? (
        <Suspense fallback={null}>
          <GenerateCodesModal
            promotions={promotions.data?.items ?? []}
            onSubmit={async (values: TGenerateValues) => {
              const { toGenerateBody } = await import('@/features/promo-codes/GenerateCodesModal');
              return api.post<{ count: number }>(`${PROMO_CODES_PATH}generate/`, toGenerateBody(values));
            }}
            onClose={(generated) => {
              setIsGenerating(false);
              if (generated !== undefined) {
                void message.success(t('generated', { count: figures.count(generated) }));
                void queryClient.invalidateQueries({ queryKey: promoCodeKeys.lists() });
              }
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
};
