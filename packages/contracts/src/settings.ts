import { z } from 'zod';
import { ZLanguage } from './common';

export const DATE_FORMATS = ['DD.MM.YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY'] as const;
export const TIME_ZONES = ['Asia/Bishkek', 'Asia/Almaty', 'Asia/Tashkent', 'Europe/Moscow', 'UTC'] as const;

/** GET/PATCH /accounts/settings/: the signed-in account's interface language and locale settings. */
export const ZAccountSettings = z.object({
  language: ZLanguage,
  time_zone: z.enum(TIME_ZONES, { message: 'invalid_choice' }),
  date_format: z.enum(DATE_FORMATS, { message: 'invalid_choice' }),
});
export type TAccountSettings = z.infer<typeof ZAccountSettings>;
export const ZAccountSettingsUpdateBody = ZAccountSettings.partial();
export type TAccountSettingsUpdateBody = z.infer<typeof ZAccountSettingsUpdateBody>;
