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

/**
 * GET /system/jobs/: the server's scheduled jobs as the processes share them (apps/server/src/platform/scheduler.ts):
 * when each is next due, when it last ran, and its failures in a row with the last one's error. For superadmins (roles.manage):
 * a job failing again and again is where the network's background work stands still.
 */
export const ZScheduledJob = z.object({
  name: z.string(),
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
  failures: z.number().int(),
  last_failed_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type TScheduledJob = z.infer<typeof ZScheduledJob>;
export const ZScheduledJobList = z.object({ items: z.array(ZScheduledJob) });
export type TScheduledJobList = z.infer<typeof ZScheduledJobList>;
