import { DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Switch, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  breakEndBounds,
  breakStartBounds,
  endBounds,
  rowHours,
  startBounds,
  type TScheduleRow,
} from '@/features/schedule/scheduleModel';
import { TimeStepPicker } from '@/features/schedule/TimeStepPicker';
import { useWeekdayLabels } from '@/features/schedule/weekdayLabels';

export type TScheduleDayRowProps = {
  row: TScheduleRow;
  isBreakShared: boolean;
  onWorkingChange: (isWorking: boolean) => void;
  onTimeChange: (field: 'start' | 'end', time: string) => void;
  onAddBreak: () => void;
  onRemoveBreak: () => void;
  onBreakTimeChange: (field: 'start' | 'end', time: string) => void;
  onBreakForAllChange: (isOn: boolean) => void;
};

/** One weekday: its checkbox, start and end, hours count, and its break with the 'apply to all' switch. */
export const ScheduleDayRow = ({
  row,
  isBreakShared,
  onWorkingChange,
  onTimeChange,
  onAddBreak,
  onRemoveBreak,
  onBreakTimeChange,
  onBreakForAllChange,
}: TScheduleDayRowProps) => {
  const { t } = useTranslation('schedule');
  const weekday = useWeekdayLabels();
  const { token } = theme.useToken();
  const day = weekday.full(row.day);
  const isOff = !row.isWorking;
  return (
    <div role="group" aria-label={day} style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
      <Flex align="center" gap={12} wrap>
        <Checkbox
          checked={row.isWorking}
          style={{ width: 150 }}
          onChange={(event) => {
            onWorkingChange(event.target.checked);
          }}
        >
          {day}
        </Checkbox>
        <TimeStepPicker
          label={t('startOf', { day })}
          value={row.start}
          bounds={startBounds(row.end)}
          disabled={isOff}
          onChange={(time) => {
            onTimeChange('start', time);
          }}
        />
        <span aria-hidden>—</span>
        <TimeStepPicker
          label={t('endOf', { day })}
          value={row.end}
          bounds={endBounds(row.start)}
          disabled={isOff}
          onChange={(time) => {
            onTimeChange('end', time);
          }}
        />
        <Typography.Text type="secondary" style={{ width: 64 }} data-testid={`hours-${row.day}`}>
          {isOff ? '—' : t('hours', { hours: rowHours(row) })}
        </Typography.Text>
        <Button type="link" disabled={isOff} onClick={onAddBreak} style={{ paddingInline: 0 }}>
          {t('actions.addBreak')}
        </Button>
      </Flex>
      {row.pause && row.isWorking ? (
        <Flex align="center" gap={12} wrap style={{ marginTop: 8, paddingLeft: 24 }}>
          <Typography.Text style={{ width: 126 }}>{t('breakLabel')}</Typography.Text>
          <TimeStepPicker
            label={t('breakStartOf', { day })}
            value={row.pause.start}
            bounds={breakStartBounds(row)}
            onChange={(time) => {
              onBreakTimeChange('start', time);
            }}
          />
          <span aria-hidden>—</span>
          <TimeStepPicker
            label={t('breakEndOf', { day })}
            value={row.pause.end}
            bounds={breakEndBounds(row)}
            onChange={(time) => {
              onBreakTimeChange('end', time);
            }}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`${t('actions.removeBreak')}: ${day}`}
            onClick={onRemoveBreak}
          />
          <Flex align="center" gap={8}>
            <Switch
              size="small"
              checked={isBreakShared}
              aria-label={`${t('applyToAll')}: ${day}`}
              onChange={onBreakForAllChange}
            />
            <Typography.Text>{t('applyToAll')}</Typography.Text>
          </Flex>
        </Flex>
      ) : null}
    </div>
  );
};
