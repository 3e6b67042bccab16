import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

type TPeriodFieldProps = {
  value?: [Dayjs, Dayjs] | null;
  onChange?: (value: [Dayjs, Dayjs] | null) => void;
  id?: string;
};

/**
 * Start and end, date and time to 5 minutes, read as Bishkek wall-clock time: the period of a promotion and of a
 * banner (promotionForm.ts, bannerForm.ts turn it into instants). A form loads it on demand (antd's pickers).
 */
export const PeriodField = ({ value, onChange, id }: TPeriodFieldProps) => (
  <DatePicker.RangePicker
    id={id}
    value={value}
    onChange={(range) => onChange?.(range?.[0] && range[1] ? [range[0], range[1]] : null)}
    showTime={{ format: 'HH:mm', minuteStep: 5 }}
    format="DD.MM.YYYY HH:mm"
    style={{ width: '100%' }}
  />
);
