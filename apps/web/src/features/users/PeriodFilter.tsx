import { DatePicker } from 'antd';
import dayjs from 'dayjs';

export type TPeriod = { period__from?: string; period__to?: string };

/** The statement's period: Asia/Bishkek days, both included; apart from the page so the date picker loads on its own. */
export const PeriodFilter = ({
  label,
  value,
  onChange,
}: {
  label: string;
  value: TPeriod;
  onChange: (period: TPeriod) => void;
}) => (
  <DatePicker.RangePicker
    aria-label={label}
    placeholder={[label, '']}
    format="DD.MM.YYYY"
    value={value.period__from && value.period__to ? [dayjs(value.period__from), dayjs(value.period__to)] : null}
    onChange={(range) =>
      onChange({ period__from: range?.[0]?.format('YYYY-MM-DD'), period__to: range?.[1]?.format('YYYY-MM-DD') })
    }
  />
);
