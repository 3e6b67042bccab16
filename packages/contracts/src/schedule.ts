import { z } from 'zod';
import { checkSchedule, TIME_PATTERN, WEEK_DAYS } from './scheduleRules';

export { BREAK_ID_OFFSET, checkSchedule, MIDNIGHT, TIME_PATTERN, timeToSeconds, WEEK_DAYS } from './scheduleRules';

const zTime = () => z.string({ message: 'required' }).regex(TIME_PATTERN, { message: 'time_invalid' });
// Multipart sends the day as text; only digits convert, so '' or true is refused instead of becoming 0 or 1.
const zDay = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value),
    z
      .number({ message: 'day_invalid' })
      .int({ message: 'day_invalid' })
      .min(0, { message: 'day_invalid' })
      .max(6, { message: 'day_invalid' }),
  );

/** One flat entry as it travels in requests (JSON list or multipart `schedule[i]...`). */
export const ZScheduleEntryInput = z.object({
  day: zDay(),
  start_time: zTime(),
  end_time: zTime(),
  is_break: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')])
    .default(false),
});
export type TScheduleEntryInput = z.input<typeof ZScheduleEntryInput>;
export type TScheduleEntry = z.output<typeof ZScheduleEntryInput>;

export const ZScheduleInput = z
  .array(ZScheduleEntryInput, { message: 'schedule_required' })
  .max(14)
  .superRefine((entries, context) => {
    // Entry-level issues (a bad time or day) are already reported; checking ranges on them would only add noise.
    const isWellFormed = entries.every(
      (entry) =>
        TIME_PATTERN.test(entry.start_time) &&
        TIME_PATTERN.test(entry.end_time) &&
        WEEK_DAYS.some((day) => day === entry.day),
    );
    if (!isWellFormed) {
      return;
    }
    for (const problem of checkSchedule(entries)) {
      context.addIssue({
        code: 'custom',
        message: problem.message,
        path: problem.index === null ? [] : [problem.index],
      });
    }
  });

/** A break as answered: nested under its day. */
export const ZScheduleBreak = z.object({
  id: z.number().int(),
  day: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  is_break: z.literal(true),
});
/** A working day as answered, with its breaks. */
export const ZScheduleDay = z.object({
  id: z.number().int(),
  day: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  is_break: z.literal(false),
  break: z.array(ZScheduleBreak),
});
export type TScheduleDay = z.infer<typeof ZScheduleDay>;
export const ZSchedule = z.array(ZScheduleDay);
export type TSchedule = z.infer<typeof ZSchedule>;
