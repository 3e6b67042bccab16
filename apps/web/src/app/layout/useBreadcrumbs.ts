import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { findMenuGroup, findMenuItem, type TMenuItemKey } from '@/app/layout/menu';
import { readRouteHandle, RECORD_CRUMBS } from '@/app/layout/routeHandle';
import { useCurrentRecordTrail } from '@/components/page-title/recordTrail';

export type TBreadcrumb = { title: string; path?: string };

/**
 * Breadcrumbs from the matched routes, starting at the menu root: the group (if any, and unless it is named as the
 * item), the menu item, each enclosing route's crumb, the records the page named (merchant, station: issue 33,
 * item 3), then the page's own crumb (Edit), which a record's name replaces on its details or view page.
 * `title` is the page's header and browser-tab title: the route's `title` with the last record's name, or the
 * last crumb when the route declares none (a list: its menu item).
 */
export const useBreadcrumbs = (): { crumbs: TBreadcrumb[]; menuKey: TMenuItemKey | undefined; title: string } => {
  const { t } = useTranslation('layout');
  const matches = useMatches();
  const { pathname } = useLocation();
  const trail = useCurrentRecordTrail(pathname);
  const handles = matches.map((match) => ({ ...readRouteHandle(match.handle), pathname: match.pathname }));
  const menuKey = handles.findLast((handle) => handle.menu)?.menu;
  const leaf = handles.at(-1);
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
  const withCrumb = handles.filter((handle) => handle.crumb);
  const own = leaf?.crumb ? withCrumb.pop() : undefined;
  for (const { crumb, pathname: path } of withCrumb) {
    if (crumb) {
      crumbs.push({ title: t(`crumbs.${crumb}`), path });
    }
  }
  crumbs.push(...trail);
  if (own?.crumb && !(trail.length > 0 && RECORD_CRUMBS.has(own.crumb))) {
    crumbs.push({ title: t(`crumbs.${own.crumb}`), path: own.pathname });
  }
  // The current page is not a link to itself.
  const last = crumbs.at(-1);
  if (last) {
    crumbs[crumbs.length - 1] = { title: last.title };
  }
  const name = trail.at(-1)?.title;
  const titleKey = handles.findLast((handle) => handle.title)?.title;
  const title = titleKey
    ? name
      ? t(`titles.${titleKey}.named`, { name })
      : t(`titles.${titleKey}.plain`)
    : (last?.title ?? '');
  return { crumbs, menuKey, title };
};
