import { FULLSCREEN_CATEGORIES, type TBannerItem } from '@zaryad/contracts';
import { App, Empty, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { idParam, oneOf } from '@/components/data-table/listParams';
import { ListPage } from '@/components/list-page/ListPage';
import { TabbedListPage } from '@/components/tabbed-list/TabbedListPage';
import { useListPage, type TListPageHooks } from '@/components/list-page/useListPage';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { bannerHooks, useBannerTabList, type TBannerListQuery } from '@/features/banners/api';
import { BANNER_TABS, formPath, tabQuery, type TBannerTab } from '@/features/banners/bannerTabs';
import { useBannerColumns } from '@/features/banners/useBannerColumns';

export { bannerTextsReady as textsReady } from '@/features/banners/bannerTexts';
import { MerchantSelect } from '@/features/pickers';

const BANNER_FILTERS = {
  ...STATUS_FILTERS,
  merchant: idParam,
  category: oneOf(FULLSCREEN_CATEGORIES),
};

type TBannersTabProps = {
  tab: TBannerTab;
  /** The item just edited: it leaves this list (SPEC.md section 4). */
  hiddenId: number | null;
};

/** One tab: search, status, merchant and (fullscreens) screen filters, the table, bulk status and create. */
const BannersTab = ({ tab, hiddenId }: TBannersTabProps) => {
  const { t } = useTranslation('banners');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const { type, archive } = tabQuery(tab);
  const hooks = useMemo<TListPageHooks<TBannerItem, typeof BANNER_FILTERS>>(
    () => ({
      ...bannerHooks,
      useList: (query) => useBannerTabList(tab, query as TBannerListQuery, hiddenId),
    }),
    [tab, hiddenId],
  );
  const state = useListPage({ filters: BANNER_FILTERS, hooks, permission: 'banners' });
  const { list } = state;
  const columns = useBannerColumns({
    onEdit: (item) => void navigate(formPath(item.type, item.id), { state: { back: location.search } }),
    onDelete: async (item) => {
      await state.deleteRow(item);
      void message.success(t('list.deleted'));
    },
  });
  const emptyText =
    archive === 'true' ? t('list.emptyArchive') : t(type === 'banner' ? 'list.emptyBanners' : 'list.emptyFullscreens');

  return (
    <ListPage
      state={state}
      label={t(`tabs.${tab}`)}
      columns={columns}
      search={{ placeholder: t('list.search'), width: 280 }}
      statusFilter
      filters={
        <>
          <MerchantSelect
            label={t('list.filterMerchant')}
            width={240}
            value={list.draftFilters.merchant ?? null}
            onChange={(merchant) => {
              list.setFilters({ merchant: merchant ?? undefined });
            }}
          />
          {type === 'fullscreen' ? (
            <Select
              aria-label={t('list.filterCategory')}
              placeholder={t('list.filterCategory')}
              allowClear
              style={{ width: 200 }}
              value={list.draftFilters.category}
              onChange={(category) => {
                list.setFilters({ category });
              }}
              options={FULLSCREEN_CATEGORIES.map((key) => ({ value: key, label: t(`categories.${key}`) }))}
            />
          ) : null}
        </>
      }
      create={{
        label: type === 'banner' ? t('list.createBanner') : t('list.createFullscreen'),
        onClick: () => void navigate(formPath(type), { state: { back: location.search } }),
      }}
      emptyWithoutFilters={<Empty description={emptyText} />}
    />
  );
};

/**
 * `/banners`: the tabs Banner, Fullscreen, Archive banner and Archive fullscreens (SPEC.md section 2), kept in the
 * URL as `?tab=`. After an edit the form comes back here with the item, which leaves the list, and says where it went.
 */
export const BannersPage = () => {
  const { t } = useTranslation('banners');
  return (
    <TabbedListPage
      tabs={BANNER_TABS}
      tabLabel={(tab) => t(`tabs.${tab}`)}
      movedMessage={(edited) => t('list.movedTo', { name: edited.name, tab: t(`tabs.${edited.tab}`) })}
      renderTab={(tab, hiddenId) => <BannersTab tab={tab} hiddenId={hiddenId} />}
    />
  );
};
