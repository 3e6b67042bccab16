import { FULLSCREEN_CATEGORIES } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { idParam, oneOf } from '@/components/data-table/listParams';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField } from '@/components/filters/filterBinding';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ListPage } from '@/components/list-page/ListPage';
import { TabbedListPage } from '@/components/tabbed-list/TabbedListPage';
import { useTabListPage } from '@/components/tabbed-list/useTabListPage';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { bannerHooks, useBannerTabList } from '@/features/banners/api';
import { BANNER_TABS, formPath, tabQuery, type TBannerTab } from '@/features/banners/bannerTabs';
import { useBannerColumns } from '@/features/banners/useBannerColumns';

export { bannerTextsReady as textsReady } from '@/features/banners/bannerTexts';
import { MerchantFilter } from '@/features/pickers';

const BANNER_FILTERS = {
  ...STATUS_FILTERS,
  merchant: idParam,
  category: oneOf(FULLSCREEN_CATEGORIES),
};

type TBannersTabProps = {
  tab: TBannerTab;
  /** The item just edited: it leaves this list (docs/product/banners.md#4-states-and-rules). */
  hiddenId: number | null;
};

/** One tab: search, status, merchant and (fullscreens) screen filters, the table, bulk status and create (not on an archive). */
const BannersTab = ({ tab, hiddenId }: TBannersTabProps) => {
  const { t } = useTranslation('banners');
  const { type, archive } = tabQuery(tab);
  const { state, openForm, deleteRow } = useTabListPage({
    tab,
    hiddenId,
    filters: BANNER_FILTERS,
    hooks: bannerHooks,
    useTabList: useBannerTabList,
    permission: 'banners',
  });
  const { list } = state;
  const columns = useBannerColumns({
    onEdit: (item) => openForm(formPath(item.type, item.id)),
    onDelete: (item) => deleteRow(item, t('list.deleted')),
  });
  // Nothing is created into an archive: its tabs have no create button (issue 33, item 6).
  const create =
    archive === 'true'
      ? undefined
      : {
          label: type === 'banner' ? t('list.createBanner') : t('list.createFullscreen'),
          onClick: () => openForm(formPath(type)),
        };
  // An empty tab says why: nothing added yet (and the way to the first), or nothing ended yet.
  const empty =
    archive === 'true' ? (
      <EmptyState kind="none" description={t('list.emptyArchive')} />
    ) : (
      <EmptyState
        kind="none"
        title={t(type === 'banner' ? 'list.emptyBanners' : 'list.emptyFullscreens')}
        create={create && state.can.create ? create : undefined}
      />
    );

  return (
    <ListPage
      state={state}
      label={t(`tabs.${tab}`)}
      columns={columns}
      // One set of column settings for the four tabs: their tables are the same.
      listName="banners"
      search={{ placeholder: t('list.search'), width: 280 }}
      statusFilter
      filters={
        <>
          <MerchantFilter label={t('list.filterMerchant')} {...filterField(list, 'merchant')} />
          {type === 'fullscreen' ? (
            <EnumFilter
              label={t('list.filterCategory')}
              values={FULLSCREEN_CATEGORIES}
              labelOf={(key) => t(`categories.${key}`)}
              {...filterField(list, 'category')}
            />
          ) : null}
        </>
      }
      create={create}
      emptyWithoutFilters={empty}
    />
  );
};

/**
 * `/banners`: the tabs Banner, Fullscreen, Archive banner and Archive fullscreens (docs/product/banners.md#2-screens), kept in the
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
