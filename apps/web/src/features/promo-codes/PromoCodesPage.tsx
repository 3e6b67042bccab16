import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { PROMO_CODE_STATES, type TPaged } from '@zaryad/contracts';
import { type TPromoCode } from '@zaryad/contracts/promo-codes';
import { type TPromotion } from '@zaryad/contracts/promotions';
import { App, Button, Card, Empty, Flex, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { createQueryKeys } from '@/components/domain-hooks/queryKeys';
import { ExportButtons } from '@/components/export/ExportButtons';
import { LIST_DEBOUNCE_MS } from '@/components/data-table/listParams';
import { useDebouncedCallback } from '@/components/hooks/useDebouncedCallback';
import { useDebouncedValue } from '@/components/hooks/useDebouncedValue';
import { useDomainCan } from '@/components/permissions/permissions';
import type { TGenerateValues } from '@/features/promo-codes/GenerateCodesModal';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { formatDateTime } from '@/lib/dates';
import { loadNamespaces } from '@/lib/i18n';

/** The screen's texts (locales/<language>/lazy/promoCodes.ts). */
export const textsReady: Promise<void> = loadNamespaces('promoCodes');

const GenerateCodesModal = lazy(async () => ({
  default: (await import('@/features/promo-codes/GenerateCodesModal')).GenerateCodesModal,
}));

const keys = createQueryKeys('promo-codes');
const STATE_COLOURS = { unused: 'green', used: 'blue', expired: 'default', deactivated: 'red' } as const;

/** `/list-of-promotional-codes`: codes by promotion, state and search; deactivation; generation. */
export const PromoCodesPage = () => {
  const { t, i18n } = useTranslation('promoCodes');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = useDomainCan('promo_codes');
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<number[]>([]);
  const [isGenerating, setIsGenerating] = useState(false);
  const query = {
    page: Number(params.get('page') ?? '1') || 1,
    size: Number(params.get('size') ?? '10') || 10,
    search: params.get('search') ?? undefined,
    promotion: params.get('promotion') ?? undefined,
    state: params.get('state') ?? undefined,
  };
  const setFilter = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) {
      next.set(name, value);
    } else {
      next.delete(name);
    }
    if (name !== 'page' && name !== 'size') {
      next.delete('page');
    }
    setParams(next, { replace: true });
  };
  const setSearch = useDebouncedCallback((value: string) => {
    setFilter('search', value.trim() || undefined);
  }, 500);
  const list = useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TPromoCode>>('/promo-codes/', { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });
  // The promotion filter searches on the server: the first 50 matches are offered, the chosen one always shown.
  const [promotionSearch, setPromotionSearch] = useState('');
  const promotionQuery = useDebouncedValue(promotionSearch.trim(), LIST_DEBOUNCE_MS);
  const promotions = useQuery({
    queryKey: ['promotions', 'for-codes', promotionQuery],
    queryFn: ({ signal }) =>
      api.get<TPaged<TPromotion>>('/ads/promotions/', {
        query: { page: 1, size: 50, search: promotionQuery || undefined } as TQuery,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const chosenPromotion = query.promotion ? Number(query.promotion) : undefined;
  const chosenTitle = list.data?.items.find((row) => row.promotion === chosenPromotion)?.promotion_title;
  const deactivate = useMutation({
    mutationFn: (ids: number[]) => api.post<TPromoCode[]>('/promo-codes/deactivate/', { ids }),
    onSuccess: async (rows) => {
      setSelected([]);
      void message.success(t('deactivated', { count: rows.length }));
      await queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
  const language = i18n.language === 'en' || i18n.language === 'ky' ? i18n.language : 'ru';
  const promotionOptions = (promotions.data?.items ?? []).map((item) => ({
    value: item.id,
    label: item[`title_${language}`],
  }));
  if (chosenPromotion !== undefined && !promotionOptions.some((option) => option.value === chosenPromotion)) {
    promotionOptions.push({ value: chosenPromotion, label: chosenTitle ?? `#${String(chosenPromotion)}` });
  }
  const columns: TableColumnsType<TPromoCode> = [
    { key: 'code', title: t('code'), render: (_value, row) => <code>{row.code}</code> },
    { key: 'promotion', title: t('promotion'), dataIndex: 'promotion_title' },
    {
      key: 'uses',
      title: t('uses'),
      render: (_value, row) => (
        <>
          <div>{`${String(row.uses)} / ${String(row.total_limit)}`}</div>
          <small>{t('limits', { total: row.total_limit, perUser: row.per_user_limit })}</small>
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

  return (
    <Card
      title={t('title')}
      extra={
        can.create ? (
          <Button
            type="primary"
            onClick={() => {
              setIsGenerating(true);
            }}
          >
            {t('generate')}
          </Button>
        ) : null
      }
    >
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input.Search
            aria-label={t('search')}
            placeholder={t('search')}
            defaultValue={query.search}
            allowClear
            style={{ width: 240 }}
            onChange={(event) => {
              setSearch(event.target.value);
            }}
          />
          <Select
            aria-label={t('promotion')}
            placeholder={t('promotion')}
            allowClear
            style={{ width: 260 }}
            value={chosenPromotion}
            onChange={(value?: number) => {
              setFilter('promotion', value === undefined ? undefined : String(value));
            }}
            showSearch={{ filterOption: false, searchValue: promotionSearch, onSearch: setPromotionSearch }}
            options={promotionOptions}
          />
          <Select
            aria-label={t('state')}
            placeholder={t('state')}
            allowClear
            style={{ width: 200 }}
            value={query.state}
            onChange={(value?: string) => {
              setFilter('state', value);
            }}
            options={PROMO_CODE_STATES.map((key) => ({ value: key, label: t(`states.${key}`) }))}
          />
        </Flex>
        <Flex gap={12} wrap>
          {can.status ? (
            <Button
              disabled={selected.length === 0}
              loading={deactivate.isPending}
              onClick={() => {
                modal.confirm({
                  title: t('deactivateConfirm', { count: selected.length }),
                  okText: t('deactivateOk'),
                  okButtonProps: { danger: true },
                  cancelText: t('cancel'),
                  onOk: () => deactivate.mutateAsync(selected),
                });
              }}
            >
              {t('deactivate', { count: selected.length })}
            </Button>
          ) : null}
          {can.export ? (
            <ExportButtons
              path="/promo-codes/export/"
              query={{ search: query.search, promotion: query.promotion, state: query.state }}
              fallbackName={(format) => `promo-codes.${format}`}
            />
          ) : null}
        </Flex>
      </Flex>
      <Table<TPromoCode>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        rowSelection={
          can.status
            ? {
                selectedRowKeys: selected,
                onChange: (keysChosen) => {
                  setSelected(keysChosen.map(Number));
                },
                getCheckboxProps: (row) => ({ disabled: row.state === 'deactivated' }),
              }
            : undefined
        }
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: list.data?.total ?? 0,
          pageSizeOptions: [10, 20, 50],
          showSizeChanger: true,
          onChange: (page, size) => {
            const next = new URLSearchParams(params);
            next.set('page', String(page));
            next.set('size', String(size));
            setParams(next, { replace: true });
          },
        }}
      />
      {isGenerating ? (
        <Suspense fallback={null}>
          <GenerateCodesModal
            promotions={promotions.data?.items ?? []}
            onSubmit={async (values: TGenerateValues) => {
              const { toGenerateBody } = await import('@/features/promo-codes/GenerateCodesModal');
              return api.post<{ count: number }>('/promo-codes/generate/', toGenerateBody(values));
            }}
            onClose={(generated) => {
              setIsGenerating(false);
              if (generated !== undefined) {
                void message.success(t('generated', { count: generated }));
                void queryClient.invalidateQueries({ queryKey: keys.lists() });
              }
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
};
