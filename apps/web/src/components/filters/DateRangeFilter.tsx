import { lazy, Suspense } from 'react';
import type { TRangePickerProps } from '@/components/filters/RangePickers';

// The pickers (with dayjs) load beside the list that shows them, not in its chunk.
const DayRangePicker = lazy(async () => ({
  default: (await import('@/components/filters/RangePickers')).DayRangePicker,
}));
const TimeRangePicker = lazy(async () => ({
  default: (await import('@/components/filters/RangePickers')).TimeRangePicker,
}));

/** Holds the picker's place while it loads, so the toolbar does not move. */
const Placeholder = ({ width }: { width: number }) => <span style={{ display: 'inline-block', width, height: 32 }} />;

/**
 * A range filter of days (`kind="day"`, the default) or times of day (`kind="time"`), Asia/Bishkek, bound to a
 * `N__from`/`N__to` pair with `rangeField(list, 'N')`. Keyboard: type the dates or times, Tab to the other end.
 */
export const DateRangeFilter = ({ kind = 'day', ...props }: TRangePickerProps & { kind?: 'day' | 'time' }) => (
  <Suspense fallback={<Placeholder width={props.width ?? 260} />}>
    {kind === 'time' ? <TimeRangePicker {...props} /> : <DayRangePicker {...props} />}
  </Suspense>
);
