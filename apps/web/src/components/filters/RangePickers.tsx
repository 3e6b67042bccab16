import { DatePicker, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { TRange } from '@/components/filters/filterBinding';
import { TIME_ZONE } from '@/lib/dates';

export type TRangePickerProps = {
  label: string;
  value: TRange;
  onChange: (range: TRange) => void;
  /** The two ends' placeholders; the first is the label when left out. */
  placeholder?: [string, string];
  width?: number;
};

/** docs/product/common.md section 9: time pickers step by 30 minutes. */
const MINUTE_STEP = 30;

const both = ({ from, to }: TRange): [string, string] | null =>
  from !== undefined && to !== undefined ? [from, to] : null;

/** Days of Asia/Bishkek, both included (`YYYY-MM-DD` in the URL); typed as `DD.MM.YYYY` or picked. */
export const DayRangePicker = ({ label, value, onChange, placeholder, width }: TRangePickerProps) => {
  const days = both(value);
  return (
    <DatePicker.RangePicker
      aria-label={label}
      placeholder={placeholder ?? [label, '']}
      format="DD.MM.YYYY"
      style={width === undefined ? undefined : { width }}
      value={days ? [dayjs(days[0]), dayjs(days[1])] : null}
      onChange={(range) => onChange({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
    />
  );
};

/** Times of day of Asia/Bishkek (`HH:mm`); the range may wrap past midnight (22:00 to 02:00), as the server reads it. */
export const TimeRangePicker = ({ label, value, onChange, placeholder, width = 280 }: TRangePickerProps) => {
  const times = both(value);
  const clock = (time: string) => dayjs.tz(`2000-01-01 ${time}`, TIME_ZONE);
  return (
    <TimePicker.RangePicker
      aria-label={label}
      placeholder={placeholder ?? [label, '']}
      format="HH:mm"
      style={{ width }}
      minuteStep={MINUTE_STEP}
      order={false}
      value={times ? [clock(times[0]), clock(times[1])] : null}
      onChange={(range) => onChange({ from: range?.[0]?.format('HH:mm'), to: range?.[1]?.format('HH:mm') })}
    />
  );
};
