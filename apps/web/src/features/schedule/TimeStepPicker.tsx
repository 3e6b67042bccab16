import { TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { disabledTimeFor, TIME_STEP_MINUTES, toTimeText, type TTimeBounds } from '@/features/schedule/scheduleModel';

type TTimeStepPickerProps = {
  /** `HH:mm:ss` */
  value: string;
  onChange: (time: string) => void;
  bounds: TTimeBounds;
  label: string;
  disabled?: boolean;
};

const toDayjs = (time: string): Dayjs => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return dayjs().startOf('day').hour(hour).minute(minute);
};

/** A wall-clock time (no time zone: a schedule is Bishkek time) picked in 30-minute steps within bounds. */
export const TimeStepPicker = ({ value, onChange, bounds, label, disabled = false }: TTimeStepPickerProps) => (
  <TimePicker
    aria-label={label}
    value={toDayjs(value)}
    format="HH:mm"
    minuteStep={TIME_STEP_MINUTES}
    showNow={false}
    needConfirm={false}
    allowClear={false}
    inputReadOnly
    disabled={disabled}
    disabledTime={() => disabledTimeFor(bounds)}
    style={{ width: 96 }}
    onChange={(picked) => {
      if (picked) {
        onChange(toTimeText(picked.hour(), picked.minute()));
      }
    }}
  />
);
