import type { TAnalyticsGraph } from '@zaryad/contracts/analytics';
import { Flex, Typography } from 'antd';
import { useChartColors } from '@/app/chartColors';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/useNumberFormat';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** The primary colour at an opacity that grows with the cell's share of the busiest cell; none, the theme's faint fill. */
const shade = (value: number, max: number, empty: string) =>
  value === 0 || max === 0 ? empty : `rgba(34, 166, 153, ${0.15 + 0.85 * (value / max)})`;

/** Charges by weekday (rows) and hour of day (columns): plain cells, no chart library needed. */
export const HeatGrid = ({
  grid,
  weekdayLabel,
}: {
  grid: TAnalyticsGraph['grid'];
  weekdayLabel: (weekday: number) => string;
}) => {
  const { t } = useTranslation('analytics');
  const figures = useNumberFormat();
  const { empty } = useChartColors();
  const max = Math.max(0, ...grid.map((cell) => cell.charges));
  const at = (weekday: number, hour: number) =>
    grid.find((cell) => cell.weekday === weekday && cell.hour === hour)?.charges ?? 0;
  return (
    <div style={{ overflowX: 'auto' }}>
      <div
        role="table"
        aria-label={t('charts.grid')}
        data-testid="heat-grid"
        style={{ display: 'grid', gridTemplateColumns: '36px repeat(24, minmax(18px, 1fr))', gap: 2, minWidth: 520 }}
      >
        {/* Rows are `display: contents`: the grid lays out their cells, the accessibility tree keeps the rows. */}
        <div role="row" style={{ display: 'contents' }}>
          <span role="columnheader" />
          {HOURS.map((hour) => (
            <Typography.Text
              key={hour}
              role="columnheader"
              aria-label={String(hour).padStart(2, '0')}
              type="secondary"
              style={{ fontSize: 10, textAlign: 'center' }}
            >
              {hour % 3 === 0 ? String(hour).padStart(2, '0') : ''}
            </Typography.Text>
          ))}
        </div>
        {WEEKDAYS.map((weekday) => (
          <div key={weekday} role="row" style={{ display: 'contents' }}>
            <Typography.Text role="rowheader" type="secondary" style={{ fontSize: 12 }}>
              {weekdayLabel(weekday)}
            </Typography.Text>
            {HOURS.map((hour) => {
              const count = at(weekday, hour);
              const label = t('charts.gridCell', {
                weekday: weekdayLabel(weekday),
                hour: String(hour).padStart(2, '0'),
                value: figures.count(count),
              });
              return (
                <div
                  key={hour}
                  role="cell"
                  title={label}
                  aria-label={label}
                  style={{ height: 18, borderRadius: 3, background: shade(count, max, empty) }}
                />
              );
            })}
          </div>
        ))}
      </div>
      <Flex gap={6} align="center" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('charts.less')}
        </Typography.Text>
        {[0, 0.25, 0.5, 0.75, 1].map((share) => (
          <div key={share} style={{ width: 18, height: 12, borderRadius: 3, background: shade(share, 1, empty) }} />
        ))}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('charts.more')}
        </Typography.Text>
      </Flex>
    </div>
  );
};
