// The list settings' names and limits without zod: the web app's lists import them (docs/design.md, bundle weight).

/**
 * The lists whose column settings an account keeps on the server (docs/product/accounts.md#10-list-settings): the path
 * segment of `GET/PUT /accounts/settings/lists/{list}/`. Another name answers 404.
 */
export const LIST_NAMES = [
  'accounts',
  'audit-log',
  'banners',
  'charges',
  'infrastructure',
  'merchant-stations',
  'merchants',
  'partners',
  'promo-codes',
  'promotions',
  'rates',
  'referrals',
  'roles',
  'statement',
  'tags',
  'users',
] as const;
export type TListName = (typeof LIST_NAMES)[number];

export const isListName = (value: string): value is TListName => (LIST_NAMES as readonly string[]).includes(value);

/** How tall a list's rows are: compact (antd's small table) or comfortable (the default). */
export const LIST_DENSITIES = ['compact', 'comfortable'] as const;
export type TListDensity = (typeof LIST_DENSITIES)[number];

export const LIST_SETTINGS_LIMITS = {
  /** No list has more; a longer array is refused. */
  columns: 40,
  /** A column's key (`registration_date`, `actions`). */
  key: 64,
  /** The whole JSON body, in bytes: past it 413. */
  bodyBytes: 8192,
} as const;

/** What a list looks like before its account saves anything. */
export const DEFAULT_LIST_SETTINGS: { columns: { key: string; hidden: boolean }[]; density: TListDensity } = {
  columns: [],
  density: 'comfortable',
};
