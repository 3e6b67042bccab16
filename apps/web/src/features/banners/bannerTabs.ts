import type { TBannerItem, TBannerType } from '@zaryad/contracts';
import { readEditedState, readTab, type TEditedState } from '@/components/tabbed-list/editedState';

/** docs/product/banners.md#2-screens: the four tabs of `/banners`, kept in the URL as `?tab=`. */
export const BANNER_TABS = ['banner', 'fullscreen', 'archive-banner', 'archive-fullscreen'] as const;
export type TBannerTab = (typeof BANNER_TABS)[number];

/** The tab of a `?tab=` value; anything else is the first tab. */
export const readBannerTab = (raw: string | null): TBannerTab => readTab(BANNER_TABS, raw);

/** What the server is asked for on a tab: the type, and whether the ended or archived items. */
export const tabQuery = (tab: TBannerTab): { type: TBannerType; archive: 'true' | 'false' } => ({
  type: tab.endsWith('fullscreen') ? 'fullscreen' : 'banner',
  archive: tab.startsWith('archive-') ? 'true' : 'false',
});

/** The tab an item belongs on now. */
export const tabOf = (item: Pick<TBannerItem, 'type' | 'is_archived'>): TBannerTab =>
  item.is_archived ? `archive-${item.type}` : item.type;

/** docs/product/banners.md#2-screens: `/banners/create-banner/{id?}` and `/banners/create-fullscr/{id?}`. */
export const formPath = (type: TBannerType, id?: number) =>
  `/banners/${type === 'banner' ? 'create-banner' : 'create-fullscr'}/${id === undefined ? '' : String(id)}`;

/** What the list is told after an edit (docs/product/banners.md#4-states-and-rules: the edited item leaves the current list). */
export type TBannerEditedState = TEditedState<TBannerTab>;

export const readBannerEditedState = (state: unknown) => readEditedState(state, BANNER_TABS);
