import { z } from 'zod';
import { LIST_DENSITIES, LIST_NAMES, LIST_SETTINGS_LIMITS } from './list-settings.constants';

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
