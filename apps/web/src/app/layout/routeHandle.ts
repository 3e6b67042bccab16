import type { TPermission } from '@zaryad/contracts';
import type en from '@/locales/en/layout';
import type { TMenuItemKey } from '@/app/layout/menu';

export type TCrumbKey = keyof typeof en.crumbs;
export type TTitleKey = keyof typeof en.titles;

/**
 * What a route tells the layout: `menu` marks the menu item it belongs to (selected item, open group, root
 * of the breadcrumbs), `crumb` adds a step below it (create, edit, details). `permission` is what the screen needs
 * beyond its menu item's `view` (which every route below the item needs too): `accounts.create` on the create form.
 * `title` names the page in the header and the browser tab ("Editing a station", then "<name> — editing the
 * station" once the page has published its records with `useRecordTrail`; docs/product/common.md#2-screens).
 * The records a page publishes go between its parents' crumbs and its own; a `details` or `view` crumb is the
 * record itself, so its name replaces it.
 */
export type TRouteHandle = { menu?: TMenuItemKey; crumb?: TCrumbKey; title?: TTitleKey; permission?: TPermission };

export const readRouteHandle = (handle: unknown): TRouteHandle =>
  typeof handle === 'object' && handle !== null ? (handle as TRouteHandle) : {};

/** Crumbs that stand for the page's record: its name, once known, is said instead. */
export const RECORD_CRUMBS: ReadonlySet<TCrumbKey> = new Set<TCrumbKey>(['details', 'view']);
