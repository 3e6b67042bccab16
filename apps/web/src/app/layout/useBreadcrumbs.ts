import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { findMenuGroup, findMenuItem, type TMenuItemKey } from '@/app/layout/menu';
import { readRouteHandle } from '@/app/layout/routeHandle';

export type TBreadcrumb = { title: string; path?: string };

/**
 * Breadcrumbs from the matched routes, starting at the menu root: the group (if any, and unless it is named as the
 * item), the menu item, then
 * each deeper route's crumb. The last one is the page's header title.
 */
export const useBreadcrumbs = (): { crumbs: TBreadcrumb[]; menuKey: TMenuItemKey | undefined } => {
  const { t } = useTranslation('layout');
  const matches = useMatches();
  const handles = matches.map((match) => ({ ...readRouteHandle(match.handle), pathname: match.pathname }));
  const menuKey = handles.findLast((handle) => handle.menu)?.menu;
  const crumbs: TBreadcrumb[] = [];
  if (menuKey) {
    const group = findMenuGroup(menuKey);
    const title = t(`menu.${menuKey}`);
    // A group named as its item (Users > Users) is said once.
    if (group && t(`menu.${group.key}`) !== title) {
      crumbs.push({ title: t(`menu.${group.key}`) });
    }
    crumbs.push({ title, path: findMenuItem(menuKey)?.path });
  }
  for (const handle of handles) {
    if (handle.crumb) {
      crumbs.push({ title: t(`crumbs.${handle.crumb}`), path: handle.pathname });
    }
  }
  // The current page is not a link to itself.
  const last = crumbs.at(-1);
  if (last) {
    crumbs[crumbs.length - 1] = { title: last.title };
  }
  return { crumbs, menuKey };
};
