// The operating-mode editor shared by the merchant and station forms (docs/product/stations.md sections 2, 4 and 5).
export { ScheduleEditor, type TScheduleEditorProps } from '@/features/schedule/ScheduleEditor';
export { ScheduleField, type TScheduleFieldProps } from '@/features/schedule/ScheduleField';
export { ScheduleSummary, useScheduleSummaryText, useScheduleSummaryWords } from '@/features/schedule/ScheduleSummary';
export { flattenSchedule, shortTime } from '@/features/schedule/scheduleModel';
export { useWeekdayLabels } from '@/features/schedule/weekdayLabels';
export {
  scheduleSummaryText,
  summarizeSchedule,
  type TScheduleSummary,
  type TScheduleSummaryWords,
} from '@/features/schedule/scheduleSummary';
