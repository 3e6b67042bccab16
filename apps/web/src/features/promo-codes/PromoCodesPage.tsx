import { useQueryClient } from '@tanstack/react-query';
import { PROMO_CODE_STATES } from '@zaryad/contracts';
import { type TPromoCode } from '@zaryad/contracts/promo-codes';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { prioritize } from '@/components/data-table/columnPriority';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField } from '@/components/filters/filterBinding';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { useCan } from '@/components/permissions/permissions';
import {
  PROMO_CODE_FILTERS,
  PROMO_CODES_PATH,
  promoCodeKeys,
  useDeactivateCodes,
  usePromoCodes,
  usePromotionChoices,
} from '@/features/promo-codes/api';
import type { TGenerateValues } from '@/features/promo-codes/GenerateCodesModal';
import { api } from '@/lib/apiClient';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { loadNamespaces } from '@/lib/i18n';

/** The screen's texts (locales/<language>/lazy/promoCodes.ts). */
export const textsReady: Promise<void> = loadNamespaces('promoCodes');

const GenerateCodesModal = lazy(async () => ({
  default: (await import('@/features/promo-codes/GenerateCodesModal')).GenerateCodesModal,
}));

/** The codes change by the deactivation of the selected ones (the screen's own button), not by status or delete. */
const promoCodeHooks = { useList: usePromoCodes };

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
  const state = useListPage({ filters: PROMO_CODE_FILTERS, hooks: promoCodeHooks, permission: 'promo_codes' });
  const { list, records: codes, selected, setSelected, can } = state;
  const deactivate = useDeactivateCodes();
  const [isGenerating, setIsGenerating] = useState(false);
  const [promotionSearch, setPromotionSearch] = useState('');
  const promotions = usePromotionChoices(promotionSearch);
  const navigate = useNavigate();
  const canAddPromotion = useCan('promotions.create');

  // The chosen promotion is always offered, with its title from the rows when the search left it out.
  const language = i18n.language === 'en' || i18n.language === 'ky' ? i18n.language : 'ru';
  const promotionOptions = (promotions.data?.items ?? []).map((item) => ({
    value: item.id,
    label: item[`title_${language}`],
  }));
  const chosen = list.draftFilters.promotion;
  if (chosen !== undefined && !promotionOptions.some((option) => option.value === chosen)) {
    const title = codes.data?.items.find((row) => row.promotion === chosen)?.promotion_title;
    promotionOptions.push({ value: chosen, label: title ?? `#${String(chosen)}` });
  }

  // The code pinned, its state key (docs/product/common.md#2-screens); the promotion's title cut to one line.
  const columns = prioritize<TPromoCode>(
    [
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
        // On two lines, as the uses beside it: on one the dates ran under the state at 1440 px (the table does not
        // scroll sideways).
        render: (_value, row) => (
          <>
            <div>{`${formatDateTime(row.valid_from)} –`}</div>
            <div>{formatDateTime(row.valid_until)}</div>
          </>
        ),
      },
      {
        key: 'state',
        title: t('state'),
        render: (_value, row) => <Tag color={STATE_COLOURS[row.state]}>{t(`states.${row.state}`)}</Tag>,
      },
    ],
    { code: 'identity', promotion: { priority: 'normal', truncate: true, width: 240 }, state: 'key', uses: 'key' },
  );
  const selectable = selected.filter((row) => row.state !== 'deactivated');

  return (
    <ListPage
      state={state}
      label={t('title')}
      columns={columns}
      listName="promo-codes"
      search={{ placeholder: t('search'), label: t('search'), width: 240 }}
      // The codes' columns fit the screen: no horizontal scroll (nor antd's hidden measuring row that comes with it).
      tableProps={{}}
      filters={
        <>
          <EnumFilter
            label={t('promotion')}
            width={260}
            options={promotionOptions}
            search={{ filterOption: false, searchValue: promotionSearch, onSearch: setPromotionSearch }}
            {...filterField(list, 'promotion')}
          />
          <EnumFilter
            label={t('state')}
            values={PROMO_CODE_STATES}
            labelOf={(key) => t(`states.${key}`)}
            {...filterField(list, 'state')}
          />
        </>
      }
      actions={
        can.status ? (
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
        ) : null
      }
      exports={{ path: `${PROMO_CODES_PATH}export/`, fileName: 'promo-codes' }}
      selectable={can.status}
      create={{ label: t('generate'), onClick: () => setIsGenerating(true) }}
      // No codes at all: both ways to start, generating (the toolbar's action, in the empty state's own words so that
      // the two buttons keep apart) and adding a promotion (codes are generated for one: a network without one adds
      // it first).
      emptyWithoutFilters={
        <EmptyState
          kind="none"
          title={t('empty')}
          description={t('emptyText')}
          actions={
            can.create || canAddPromotion ? (
              <>
                {can.create ? (
                  <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIsGenerating(true)}>
                    {t('generateFirst')}
                  </Button>
                ) : null}
                {canAddPromotion ? (
                  <Button icon={<PlusOutlined aria-hidden />} onClick={() => void navigate('/creating-promotion')}>
                    {t('addPromotion')}
                  </Button>
                ) : null}
              </>
            ) : undefined
          }
        />
      }
    >
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
    </ListPage>
  );
};
