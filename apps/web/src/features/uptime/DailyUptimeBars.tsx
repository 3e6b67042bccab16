import type { TUptimePeriod } from '@zaryad/contracts/uptime';
import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TONE_COLORS, uptimeTone } from '@/features/uptime/uptimeModel';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** A bar per day, as high as the day's uptime, in its tone; a day without data is a faint stub. */
export const DailyUptimeBars = ({ periods, label }: { periods: TUptimePeriod[]; label: string }) => {
  const { t } = useTranslation('uptime');
  const { percent } = useNumberFormat();
  return (
    <div
      role="list"
      aria-label={label}
      style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 40, minWidth: 0 }}
    >
      {periods.map((period) => {
        const value = period.uptime_percent;
        const text = `${dayjs(period.period).format('DD.MM')}: ${value === null ? t('noData') : percent(value, 2)}`;
        return (
          <Tooltip key={period.period} title={text}>
            <div
              role="listitem"
              aria-label={text}
              style={{
                flex: '1 1 0',
                minWidth: 3,
                maxWidth: 14,
                height: value === null ? 3 : `${Math.max(6, value)}%`,
                borderRadius: 2,
                background: TONE_COLORS[uptimeTone(value)],
              }}
            />
          </Tooltip>
        );
      })}
    </div>
  );
};
