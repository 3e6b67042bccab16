import type en from '@/locales/en/layout';

export type TMenuKey = keyof typeof en.menu;
export type TMenuGroupKey = Extract<TMenuKey, `${string}Group`>;
export type TMenuItemKey = Exclude<TMenuKey, TMenuGroupKey>;

export type TMenuItem = { key: TMenuItemKey; path: string };
export type TMenuGroup = { key: TMenuGroupKey; items: TMenuItem[] };
export type TMenuEntry = TMenuItem | TMenuGroup;

export const isMenuGroup = (entry: TMenuEntry): entry is TMenuGroup => 'items' in entry;

/**
 * The side menu of SPEC.md section 2, in its order. Paths are the spec's routes. Icons live in menuIcons.tsx:
 * the routes read this file, and the icons belong in the layout's chunk, not the entry.
 */
export const MAIN_MENU: TMenuEntry[] = [
  { key: 'dashboard', path: '/' },
  { key: 'heatMap', path: '/heat-map' },
  {
    key: 'merchantsGroup',
    items: [
      { key: 'merchants', path: '/merchants' },
      { key: 'rates', path: '/rates' },
      { key: 'tags', path: '/tags' },
      { key: 'infrastructure', path: '/infrastructure' },
      { key: 'softwareRentalPartners', path: '/software-rental-partners' },
    ],
  },
  {
    key: 'usersGroup',
    items: [
      { key: 'users', path: '/users' },
      { key: 'chargersList', path: '/chargers-list' },
      { key: 'extractBalance', path: '/extract-balance' },
      { key: 'accounts', path: '/accounts' },
      { key: 'auditLog', path: '/audit-log' },
    ],
  },
  {
    key: 'promotionsGroup',
    items: [
      { key: 'promotions', path: '/promotions' },
      { key: 'promoCodes', path: '/list-of-promotional-codes' },
      { key: 'referrals', path: '/list-of-referrals' },
      { key: 'banners', path: '/banners' },
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
