import { FULLSCREEN_CATEGORIES } from '@zaryad/contracts';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { idParam, oneOf } from '@/components/data-table/listParams';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField } from '@/components/filters/filterBinding';
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
      // Nothing is created into an archive: its tabs have no create button (issue 33, item 6).
      create={
        archive === 'true'
          ? undefined
          : {
              label: type === 'banner' ? t('list.createBanner') : t('list.createFullscreen'),
              onClick: () => openForm(formPath(type)),
            }
      }
      emptyWithoutFilters={<Empty description={emptyText} />}
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
