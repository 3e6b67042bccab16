import { DatePicker } from 'antd';
import dayjs from 'dayjs';

export type TAuditPeriod = { period__from?: string; period__to?: string };

/** The period filter: Asia/Bishkek days, both included; apart from the page so the date picker loads on its own. */
export const AuditPeriodFilter = ({
  label,
  value,
  onChange,
}: {
  label: string;
  value: TAuditPeriod;
  onChange: (period: TAuditPeriod) => void;
}) => (
  <DatePicker.RangePicker
    aria-label={label}
    format="DD.MM.YYYY"
    value={value.period__from && value.period__to ? [dayjs(value.period__from), dayjs(value.period__to)] : null}
    onChange={(range) =>
      onChange({ period__from: range?.[0]?.format('YYYY-MM-DD'), period__to: range?.[1]?.format('YYYY-MM-DD') })
    }
  />
);
