// Weekly schedules (working days, hours and breaks) that merchants and stations share: a column type and its rules.
import { defineDomain } from '../../platform/domain';

export { dayEntryId, isOpenAt, normaliseSchedule, toScheduleDays, type TStoredSchedule } from './schedule-entries';
export { scheduleColumn } from './schedule.column';

export const schedulesDomain = defineDomain({ name: 'schedules', prefix: null });
