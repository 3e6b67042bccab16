import { z } from 'zod';
import { zRequiredText } from './rules';

/** The lists that keep saved views (docs/product/search.md#saved-views), and the permission that reads each. */
export const SAVED_VIEW_LISTS = ['charges', 'users', 'statement'] as const;
export type TSavedViewList = (typeof SAVED_VIEW_LISTS)[number];
export const SAVED_VIEW_LIST_PERMISSIONS = {
  charges: 'charges.view',
  users: 'users.view',
  statement: 'balances.view',
} as const;

export const SAVED_VIEW_LIMITS = {
  name: 100,
  /** Filters in one view (every list has fewer), each value's length, and a column key's. */
  filters: 40,
  filterValue: 1000,
  key: 64,
  columns: 40,
} as const;

const zKey = z
  .string()
  .min(1, { message: 'blank' })
  .max(SAVED_VIEW_LIMITS.key, { message: `max_length:${SAVED_VIEW_LIMITS.key}` })
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'invalid' });

/**
 * What a view holds: the list's query-string filters as the URL has them (`status: 'finished,stopped'`), its sort
 * (`-registration_date`) and, once the list has column settings, the columns in order with their visibility and the
 * density. null where the view keeps the list's own.
 */
export const ZSavedViewState = z.strictObject({
  filters: z
    .record(
      zKey,
      z.string().max(SAVED_VIEW_LIMITS.filterValue, { message: `max_length:${SAVED_VIEW_LIMITS.filterValue}` }),
    )
    .refine((filters) => Object.keys(filters).length <= SAVED_VIEW_LIMITS.filters, { message: 'invalid' }),
  sort: z
    .string()
    .max(SAVED_VIEW_LIMITS.key, { message: `max_length:${SAVED_VIEW_LIMITS.key}` })
    .nullable()
    .default(null),
  columns: z
    .array(z.strictObject({ key: zKey, hidden: z.boolean() }))
    .max(SAVED_VIEW_LIMITS.columns)
    .nullable()
    .default(null),
  density: z.enum(['compact', 'comfortable']).nullable().default(null),
});
export type TSavedViewState = z.infer<typeof ZSavedViewState>;

export const ZSavedView = z.object({
  id: z.number().int(),
  list: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  /** Shared views are seen (and applied) by every account that reads the list; only the owner changes them. */
  shared: z.boolean(),
  state: ZSavedViewState,
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** The signed-in account owns it: it may rename, share, change and delete it. */
  is_own: z.boolean(),
  updated_at: z.string(),
});
export type TSavedView = z.infer<typeof ZSavedView>;

export const ZSavedViewListQuery = z.object({ list: z.enum(SAVED_VIEW_LISTS, { message: 'invalid_choice' }) });

export const ZSavedViewCreateBody = z.strictObject({
  list: z.enum(SAVED_VIEW_LISTS, { message: 'invalid_choice' }),
  name: zRequiredText(SAVED_VIEW_LIMITS.name),
  shared: z.boolean().default(false),
  state: ZSavedViewState,
});
export type TSavedViewCreateBody = z.input<typeof ZSavedViewCreateBody>;

/** Only what changes: a rename, sharing or keeping private, or the state saved again. */
export const ZSavedViewUpdateBody = z.strictObject({
  name: zRequiredText(SAVED_VIEW_LIMITS.name).optional(),
  shared: z.boolean().optional(),
  state: ZSavedViewState.optional(),
});
export type TSavedViewUpdateBody = z.input<typeof ZSavedViewUpdateBody>;
