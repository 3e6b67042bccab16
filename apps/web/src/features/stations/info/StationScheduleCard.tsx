import { MIDNIGHT, type TSchedule, WEEK_DAYS } from '@zaryad/contracts';
import { Card, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { flattenSchedule, ScheduleSummary, shortTime, useWeekdayLabels } from '@/features/schedule';
import { TextSpan } from '@/components/text/TextSpan';

// An end of 00:00:00 is midnight at the end of the day (docs/product/stations.md#5-validation).
const range = (start: string, end: string) => `${shortTime(start)}–${end === MIDNIGHT ? '24:00' : shortTime(end)}`;

type TDayRow = { day: number; hours: string | null; pause: string | null };

/** The one-line summary, then every weekday with its hours and break. */
export const StationScheduleCard = ({ schedule }: { schedule: TSchedule }) => {
  const { t } = useTranslation('stationInfo');
  const weekday = useWeekdayLabels();
  const rows: TDayRow[] = WEEK_DAYS.map((day) => {
    const entry = schedule.find((candidate) => candidate.day === day);
    const pause = entry?.break[0];
    return {
      day,
      hours: entry ? range(entry.start_time, entry.end_time) : null,
      pause: pause ? range(pause.start_time, pause.end_time) : null,
    };
  });
  return (
    <Card title={t('sections.schedule')}>
      <Flex vertical gap={12}>
        <ScheduleSummary entries={flattenSchedule(schedule)} />
        <Table<TDayRow>
          size="small"
          pagination={false}
          rowKey="day"
          dataSource={rows}
          data-testid="schedule-days"
          columns={[
            { key: 'day', title: t('schedule.day'), render: (_, row) => weekday.full(row.day) },
            {
              key: 'hours',
              title: t('schedule.hours'),
              render: (_, row) => row.hours ?? <TextSpan tone="secondary">{t('schedule.dayOff')}</TextSpan>,
            },
            { key: 'break', title: t('schedule.break'), render: (_, row) => row.pause ?? '—' },
          ]}
        />
      </Flex>
    </Card>
  );
};
