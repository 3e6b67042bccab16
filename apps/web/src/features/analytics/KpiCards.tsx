import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { TAnalytics } from '@zaryad/contracts/analytics';
import { Card, Col, Row, Statistic, theme, Typography, type GlobalToken } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KpiSkeleton } from '@/components/empty-state/Skeletons';
import { changeTone, type TChangeTone, type TKpiKey } from '@/features/analytics/kpiTone';
import { CARD_KWH_DIGITS, NBSP } from '@/lib/numberFormat';
import { useNumberFormat } from '@/lib/useNumberFormat';

// The theme's success text and error colours: antd's green-8 and red-7 in light, 5.6:1 on white, WCAG AA for small
// text (green-7 was 3.5:1, which axe refused), lighter ones in dark (app/ThemeProvider.tsx); a change that is
// neither good nor bad (a longer average session) in the secondary text's grey.
const toneColours = (token: GlobalToken): Record<TChangeTone, string | undefined> => ({
  good: token.colorSuccessText,
  bad: token.colorError,
  neutral: undefined,
});

type TKpi = { value: number | string; previous: number | string; change: number | null };

/**
 * The change against the previous period (same elapsed time when in progress); none (null) when the previous period
 * had nothing to compare with. Its colour says good or bad for this figure (kpiTone.ts), the arrow up or down.
 */
const Change = ({ id, change, kpi }: { id: TKpiKey; change: number | null; kpi: TKpi }) => {
  const { t } = useTranslation('analytics');
  const figures = useNumberFormat();
  const { token } = theme.useToken();
  const fromZero = change === null && Number(kpi.previous) === 0 && Number(kpi.value) > 0;
  if (!fromZero && (change === null || change === 0)) {
    return <Typography.Text type="secondary">{t('kpi.noChange')}</Typography.Text>;
  }
  const isUp = fromZero || (change ?? 0) > 0;
  const tone = changeTone(id, isUp ? 1 : -1);
  return (
    <Typography.Text
      type={tone === 'neutral' ? 'secondary' : undefined}
      style={{ color: toneColours(token)[tone] }}
      data-testid="kpi-change"
      data-tone={tone}
    >
      {isUp ? <ArrowUpOutlined /> : <ArrowDownOutlined />}{' '}
      {fromZero || change === null ? t('kpi.fromZero') : figures.change(change)}
    </Typography.Text>
  );
};

const KpiCard = ({
  id,
  testId,
  title,
  kpi,
  format,
  unit,
  extra,
}: {
  id: TKpiKey;
  testId: string;
  title: string;
  kpi: TKpi;
  format: (value: number | string) => string;
  /** Drawn beside the figure, smaller, on the same line. */
  unit?: string;
  extra?: ReactNode;
}) => (
  <Card size="small" data-testid={`kpi-${testId}`} style={{ height: '100%' }}>
    <Statistic
      title={title}
      value={format(kpi.value)}
      // The figure as written (antd would group a plain number its own way), the unit kept on its line.
      formatter={(value) => value}
      // Smaller, after a no-break space: read and copied as `723,840.5 kWh`.
      suffix={unit === undefined ? undefined : `${NBSP}${unit}`}
      styles={{ content: { whiteSpace: 'nowrap' }, suffix: { fontSize: 14, marginInlineStart: 0 } }}
    />
    <div>
      <Change id={id} change={kpi.change} kpi={kpi} />{' '}
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        ({unit === undefined ? format(kpi.previous) : `${format(kpi.previous)}${NBSP}${unit}`})
      </Typography.Text>
    </div>
    {extra}
  </Card>
);

/** The period's figures, each with the previous period's value and the change (green good, red bad, grey neither). */
export const KpiCards = ({ data, isLoading }: { data: TAnalytics | undefined; isLoading: boolean }) => {
  const { t } = useTranslation('analytics');
  const figures = useNumberFormat();
  if (isLoading || !data) {
    // As many cards as come, each a title, a figure and its change: nothing moves when they arrive.
    return <KpiSkeleton count={12} />;
  }
  const som = (value: number | string) => figures.money(value);
  const kwh = (value: number | string) => figures.kwh(value, CARD_KWH_DIGITS);
  const minutes = (value: number | string) =>
    t('units.minutes', { value: figures.count(Math.round(Number(value) / 60)) });
  const withActive = (kpi: TAnalytics['merchants']) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('kpi.active', { value: figures.count(kpi.active) })}
    </Typography.Text>
  );
  const card = (id: TKpiKey, testId: string, title: string, more: Partial<Parameters<typeof KpiCard>[0]> = {}) => (
    <KpiCard key={id} id={id} testId={testId} title={title} kpi={data[id]} format={figures.count} {...more} />
  );
  const cards = [
    card('turnover', 'turnover', t('kpi.turnover'), { format: som, unit: t('units.som') }),
    card('charges', 'charges', t('kpi.charges')),
    card('energy_kwh', 'energy', t('kpi.energy'), { format: kwh, unit: t('units.kwh') }),
    card('average_check', 'average-check', t('kpi.averageCheck'), { format: som, unit: t('units.som') }),
    card('active_users', 'active-users', t('kpi.activeUsers')),
    card('new_users', 'new-users', t('kpi.newUsers')),
    card('promo_users', 'promo-users', t('kpi.promoUsers')),
    card('average_session_seconds', 'average-session', t('kpi.averageSession'), { format: minutes }),
    card('failed_charges', 'failed-charges', t('kpi.failedCharges')),
    card('merchants', 'merchants', t('kpi.merchants'), { extra: withActive(data.merchants) }),
    card('stations', 'stations', t('kpi.stations'), { extra: withActive(data.stations) }),
    card('connectors', 'connectors', t('kpi.connectors'), { extra: withActive(data.connectors) }),
  ];
  return (
    // Two a row on a phone: twelve cards one under another were three screens of scrolling before the charts.
    <Row gutter={[12, 12]}>
      {cards.map((card) => (
        <Col key={card.key} xs={12} lg={6}>
          {card}
        </Col>
      ))}
    </Row>
  );
};
