import type { TPermission } from '@zaryad/contracts';
import type en from '@/locales/en/layout';

export type TMenuKey = keyof typeof en.menu;
export type TMenuGroupKey = Extract<TMenuKey, `${string}Group`>;
export type TMenuItemKey = Exclude<TMenuKey, TMenuGroupKey>;

/** `permission`: what the account needs to see the item (its domain's `view`); settings and logout need none. */
export type TMenuItem = { key: TMenuItemKey; path: string; permission?: TPermission };
export type TMenuGroup = { key: TMenuGroupKey; items: TMenuItem[] };
export type TMenuEntry = TMenuItem | TMenuGroup;

export const isMenuGroup = (entry: TMenuEntry): entry is TMenuGroup => 'items' in entry;

/**
 * The side menu of docs/product/common.md#2-screens, in its order. Paths are the spec's routes. Icons live in menuIcons.tsx:
 * the routes read this file, and the icons belong in the layout's chunk, not the entry.
 */
export const MAIN_MENU: TMenuEntry[] = [
  { key: 'dashboard', path: '/', permission: 'analytics.view' },
  { key: 'heatMap', path: '/heat-map', permission: 'analytics.view' },
  { key: 'live', path: '/live', permission: 'alerts.view' },
  { key: 'incidents', path: '/incidents', permission: 'alerts.view' },
  {
    key: 'merchantsGroup',
    items: [
      { key: 'merchants', path: '/merchants', permission: 'merchants.view' },
      { key: 'uptime', path: '/uptime', permission: 'merchants.view' },
      { key: 'rates', path: '/rates', permission: 'rates.view' },
      { key: 'tags', path: '/tags', permission: 'tags.view' },
      { key: 'infrastructure', path: '/infrastructure', permission: 'infrastructure.view' },
      { key: 'softwareRentalPartners', path: '/software-rental-partners', permission: 'partners.view' },
    ],
  },
  {
    key: 'usersGroup',
    items: [
      { key: 'users', path: '/users', permission: 'users.view' },
      { key: 'chargersList', path: '/chargers-list', permission: 'charges.view' },
      { key: 'extractBalance', path: '/extract-balance', permission: 'balances.view' },
      { key: 'cardPayments', path: '/card-payments', permission: 'card_payments.view' },
      { key: 'accounts', path: '/accounts', permission: 'accounts.view' },
      { key: 'auditLog', path: '/audit-log', permission: 'audit.view' },
    ],
  },
  {
    key: 'promotionsGroup',
    items: [
      { key: 'promotions', path: '/promotions', permission: 'promotions.view' },
      { key: 'promoCodes', path: '/list-of-promotional-codes', permission: 'promo_codes.view' },
      { key: 'referrals', path: '/list-of-referrals', permission: 'referrals.view' },
      { key: 'banners', path: '/banners', permission: 'banners.view' },
    ],
  },
];

/** Pinned to the bottom of the sider. */
export const BOTTOM_MENU: TMenuItem[] = [
  { key: 'settings', path: '/settings' },
  { key: 'logout', path: '/logout' },
];

const ALL_ITEMS = [...MAIN_MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.items : [entry])), ...BOTTOM_MENU];

export const findMenuItem = (key: TMenuItemKey): TMenuItem | undefined => ALL_ITEMS.find((item) => item.key === key);

export const findMenuGroup = (key: TMenuItemKey): TMenuGroup | undefined =>
  MAIN_MENU.filter(isMenuGroup).find((group) => group.items.some((item) => item.key === key));

/** Menu items whose screens are not built yet; each gets the 'being prepared' page. */
export const menuItemsWithout = (built: readonly TMenuItemKey[]): TMenuItem[] =>
  ALL_ITEMS.filter((item) => !built.includes(item.key));

/** The main menu as the account sees it: items it may view, and groups left with at least one item. */
export const visibleMainMenu = (can: (permission: TPermission) => boolean): TMenuEntry[] =>
  MAIN_MENU.flatMap((entry): TMenuEntry[] => {
    if (!isMenuGroup(entry)) {
      return isMenuItemAllowed(entry, can) ? [entry] : [];
    }
    const items = entry.items.filter((item) => isMenuItemAllowed(item, can));
    return items.length > 0 ? [{ ...entry, items }] : [];
  });

export const isMenuItemAllowed = (item: TMenuItem, can: (permission: TPermission) => boolean): boolean =>
  item.permission === undefined || can(item.permission);
