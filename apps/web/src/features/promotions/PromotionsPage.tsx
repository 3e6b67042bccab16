import { PROMOTION_INITIATORS, PROMOTION_VALIDITIES, type TPromotionValidity } from '@zaryad/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { idParam, oneOf } from '@/components/data-table/listParams';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField } from '@/components/filters/filterBinding';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ListPage } from '@/components/list-page/ListPage';
import { TabbedListPage } from '@/components/tabbed-list/TabbedListPage';
import { useTabListPage } from '@/components/tabbed-list/useTabListPage';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { MerchantFilter } from '@/features/pickers';
import { promotionHooks, usePromotionTabList } from '@/features/promotions/api';
import { formPath } from '@/features/promotions/promotionTabs';
import { usePromotionColumns } from '@/features/promotions/usePromotionColumns';

export { promotionTextsReady as textsReady } from '@/features/promotions/promotionTexts';

const PROMOTION_FILTERS = {
  ...STATUS_FILTERS,
  merchant: idParam,
  initiator: oneOf(PROMOTION_INITIATORS),
};

type TPromotionsTabProps = {
  tab: TPromotionValidity;
  /** The promotion just edited: it leaves this list (docs/product/promotions.md#4-states-and-rules). */
  hiddenId: number | null;
};

/** One validity tab: search, status, initiator and merchant filters, the table, bulk status and create (not on ended). */
const PromotionsTab = ({ tab, hiddenId }: TPromotionsTabProps) => {
  const { t } = useTranslation('promotions');
  const navigate = useNavigate();
  const { state, openForm, deleteRow } = useTabListPage({
    tab,
    hiddenId,
    filters: PROMOTION_FILTERS,
    hooks: promotionHooks,
    useTabList: usePromotionTabList,
    permission: 'promotions',
  });
  const { list } = state;
  // A new promotion is never an ended one: the ended tab, the promotions' archive, has no create button (issue 33, item 6).
  const create = tab === 'ended' ? undefined : { label: t('list.create'), onClick: () => openForm(formPath()) };
  const columns = usePromotionColumns({
    onEdit: (item) => openForm(formPath(item.id)),
    onDelete: (item) => deleteRow(item, t('list.deleted')),
  });

  return (
    <ListPage
      state={state}
      label={t(`tabs.${tab}`)}
      columns={columns}
      // One set of column settings for the three tabs: their tables are the same.
      listName="promotions"
      search={{ placeholder: t('list.search'), width: 280 }}
      statusFilter
      filters={
        <>
          <EnumFilter
            label={t('list.filterInitiator')}
            values={PROMOTION_INITIATORS}
            labelOf={(key) => t(`initiators.${key}`)}
            {...filterField(list, 'initiator')}
          />
          <MerchantFilter label={t('list.filterMerchant')} {...filterField(list, 'merchant')} />
        </>
      }
      create={create}
      actions={
        <Button
          onClick={() => {
            void navigate('/promotions-report');
          }}
        >
          {t('report.button')}
        </Button>
      }
      emptyWithoutFilters={
        <EmptyState
          kind="none"
          title={tab === 'current' ? t('list.empty') : t('list.emptyTab')}
          description={tab === 'ended' ? t('list.emptyEnded') : undefined}
          create={create && state.can.create ? create : undefined}
        />
      }
    />
  );
};

/**
 * `/promotions`: the tabs Current, Upcoming and Ended, kept in the URL as `?tab=`. After an edit the form comes back
 * here with the promotion, which leaves the list, and says in which tab it is now (docs/product/promotions.md#4-states-and-rules).
 */
export const PromotionsPage = () => {
  const { t } = useTranslation('promotions');
  return (
    <TabbedListPage
      tabs={PROMOTION_VALIDITIES}
      tabLabel={(tab) => t(`tabs.${tab}`)}
      movedMessage={(edited) => t('list.movedTo', { name: edited.name, tab: t(`tabs.${edited.tab}`) })}
      renderTab={(tab, hiddenId) => <PromotionsTab tab={tab} hiddenId={hiddenId} />}
    />
  );
};
