import type { TPermission } from '@zaryad/contracts';
import type en from '@/locales/en/layout';
import type { TMenuItemKey } from '@/app/layout/menu';

export type TCrumbKey = keyof typeof en.crumbs;

/**
 * What a route tells the layout: `menu` marks the menu item it belongs to (selected item, open group, root
 * of the breadcrumbs), `crumb` adds a step below it (create, edit, details). `permission` is what the screen needs
 * beyond its menu item's `view` (which every route below the item needs too): `accounts.create` on the create form.
 */
export type TRouteHandle = { menu?: TMenuItemKey; crumb?: TCrumbKey; permission?: TPermission };

export const readRouteHandle = (handle: unknown): TRouteHandle =>
  typeof handle === 'object' && handle !== null ? (handle as TRouteHandle) : {};
