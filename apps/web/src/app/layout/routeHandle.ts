import type en from '@/locales/en/layout';
import type { TMenuItemKey } from '@/app/layout/menu';

export type TCrumbKey = keyof typeof en.crumbs;

/**
 * What a route tells the layout: `menu` marks the menu item it belongs to (selected item, open group, root
 * of the breadcrumbs), `crumb` adds a step below it (create, edit, details).
 */
export type TRouteHandle = { menu?: TMenuItemKey; crumb?: TCrumbKey };

export const readRouteHandle = (handle: unknown): TRouteHandle =>
  typeof handle === 'object' && handle !== null ? (handle as TRouteHandle) : {};
