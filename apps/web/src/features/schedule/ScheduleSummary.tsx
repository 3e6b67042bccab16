import type { TScheduleEntry } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { summarizeSchedule } from '@/features/schedule/scheduleSummary';
import { useWeekdayLabels } from '@/features/schedule/weekdayLabels';
import { TextSpan } from '@/components/text/TextSpan';

/** The schedule in one line: open range and 'all week' or the days off; several ranges read as non-standard. */
export const useScheduleSummaryText = () => {
  const { t } = useTranslation('schedule');
  const weekday = useWeekdayLabels();
  return (entries: readonly TScheduleEntry[]): string => {
    const summary = summarizeSchedule(entries);
    if (summary.kind === 'empty') {
      return t('summary.empty');
    }
    if (summary.kind === 'nonStandard') {
      return t('summary.nonStandard');
    }
    const parts = [summary.entry.open];
    if (summary.entry.pause) {
      parts.push(t('summary.break', { range: summary.entry.pause }));
    }
    parts.push(
      summary.daysOff.length === 0
        ? t('summary.allWeek')
        : t('summary.daysOff', { days: summary.daysOff.map(weekday.short).join(', ') }),
    );
    return parts.join(', ');
  };
};

export const ScheduleSummary = ({ entries }: { entries: readonly TScheduleEntry[] }) => {
  const summaryText = useScheduleSummaryText();
  return <TextSpan data-testid="schedule-summary">{summaryText(entries)}</TextSpan>;
};
