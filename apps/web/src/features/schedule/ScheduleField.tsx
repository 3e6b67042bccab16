import { ClockCircleOutlined } from '@ant-design/icons';
import type { TScheduleEntry } from '@zaryad/contracts';
import { Button, Flex } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleSummary } from '@/features/schedule/ScheduleSummary';

// The editor's time pickers (antd DatePicker's core) are needed only once the button is pressed: they load then
// (issue 10's web budgets).
const ScheduleEditor = lazy(async () => ({
  default: (await import('@/features/schedule/ScheduleEditor')).ScheduleEditor,
}));

export type TScheduleFieldProps = {
  /** Flat entries as the API takes them; Form.Item passes it. */
  value?: TScheduleEntry[];
  onChange?: (entries: TScheduleEntry[]) => void;
  disabled?: boolean;
  id?: string;
};

/** A form control: the schedule's summary and a button opening the editor. Use it as a Form.Item child. */
export const ScheduleField = ({ value = [], onChange, disabled = false, id }: TScheduleFieldProps) => {
  const { t } = useTranslation('schedule');
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <Flex id={id} align="center" gap={12} wrap>
      <ScheduleSummary entries={value} />
      <Button
        icon={<ClockCircleOutlined aria-hidden />}
        disabled={disabled}
        onClick={() => {
          setIsOpen(true);
          setHasOpened(true);
        }}
      >
        {value.length > 0 ? t('actions.change') : t('actions.set')}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <ScheduleEditor
            open={isOpen}
            value={value}
            onSave={(entries) => {
              setIsOpen(false);
              onChange?.(entries);
            }}
            onCancel={() => {
              setIsOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
};
