export { dayEntryId, normaliseSchedule, toScheduleDays, type TStoredSchedule } from './schedule-entries';
export { scheduleColumn } from './schedule.column';
