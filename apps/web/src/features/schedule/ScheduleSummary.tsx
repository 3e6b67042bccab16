import type { TScheduleEntry } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { scheduleSummaryText, type TScheduleSummaryWords } from '@/features/schedule/scheduleSummary';
import { useWeekdayLabels } from '@/features/schedule/weekdayLabels';
import { TextSpan } from '@/components/text/TextSpan';

/** The words of a schedule's one-line summary in the interface language. */
export const useScheduleSummaryWords = (): TScheduleSummaryWords => {
  const { t } = useTranslation('schedule');
  const weekday = useWeekdayLabels();
  return {
    empty: t('summary.empty'),
    nonStandard: t('summary.nonStandard'),
    allWeek: t('summary.allWeek'),
    pause: (range) => t('summary.break', { range }),
    daysOff: (days) => t('summary.daysOff', { days }),
    weekdayShort: weekday.short,
  };
};

/** The schedule in one line (scheduleSummaryText), in the interface language. */
export const useScheduleSummaryText = () => {
  const words = useScheduleSummaryWords();
  return (entries: readonly TScheduleEntry[]): string => scheduleSummaryText(entries, words);
};

export const ScheduleSummary = ({ entries }: { entries: readonly TScheduleEntry[] }) => {
  const summaryText = useScheduleSummaryText();
  return <TextSpan data-testid="schedule-summary">{summaryText(entries)}</TextSpan>;
};
