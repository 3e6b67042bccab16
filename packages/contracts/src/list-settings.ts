import { z } from 'zod';

/**
 * The lists whose column settings an account keeps on the server (docs/product/accounts.md#list-settings): the path
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

/** One column, in the order the account chose: its key in the list's columns and whether the account hid it. */
export const ZListColumnSetting = z.strictObject({
  key: z
    .string()
    .min(1, { message: 'blank' })
    .max(LIST_SETTINGS_LIMITS.key, { message: `max_length:${LIST_SETTINGS_LIMITS.key}` })
    .regex(/^[A-Za-z0-9_.-]*$/, { message: 'invalid' }),
  hidden: z.boolean(),
});
export type TListColumnSetting = z.infer<typeof ZListColumnSetting>;

/**
 * PUT /accounts/settings/lists/{list}/: the columns in their order (a key once; a column the list gains later, not
 * named here, shows at its default place) and the density. The body replaces what was saved.
 */
export const ZListSettingsBody = z.strictObject({
  columns: z
    .array(ZListColumnSetting)
    .max(LIST_SETTINGS_LIMITS.columns, { message: `max_items:${LIST_SETTINGS_LIMITS.columns}` })
    .refine((columns) => new Set(columns.map((column) => column.key)).size === columns.length, {
      message: 'invalid',
    }),
  density: z.enum(LIST_DENSITIES, { message: 'invalid_choice' }),
});
export type TListSettingsBody = z.infer<typeof ZListSettingsBody>;

/** The account's settings of one list; `updated_at` null while it saved none (then the list's defaults apply). */
export const ZListSettings = ZListSettingsBody.extend({
  list: z.enum(LIST_NAMES),
  updated_at: z.string().nullable(),
});
export type TListSettings = z.infer<typeof ZListSettings>;

export const ZListSettingsParams = z.object({ list: z.string().max(64) });

/** What a list looks like before its account saves anything. */
export const DEFAULT_LIST_SETTINGS: TListSettingsBody = { columns: [], density: 'comfortable' };
