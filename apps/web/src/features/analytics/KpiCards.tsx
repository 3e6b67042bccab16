import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { TAnalytics } from '@zaryad/contracts/analytics';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatMoney } from '@/components/money/money';
import { formatChange } from '@/features/analytics/dashboardParams';

// antd's green-8 and red-7: 5.6:1 on white, WCAG AA for small text (green-7 was 3.5:1, which axe refused).
const UP = '#237804';
const DOWN = '#cf1322';

type TKpi = { value: number | string; previous: number | string; change: number | null };

/** The change against the previous period; none (null) when the previous period had nothing to compare with. */
const Change = ({ change, kpi }: { change: number | null; kpi: TKpi }) => {
  const { t } = useTranslation('analytics');
  if (change === null && Number(kpi.previous) === 0 && Number(kpi.value) > 0) {
    return (
      <Typography.Text style={{ color: UP }} data-testid="kpi-change">
        <ArrowUpOutlined /> {t('kpi.fromZero')}
      </Typography.Text>
    );
  }
  if (change === null || change === 0) {
    return <Typography.Text type="secondary">{t('kpi.noChange')}</Typography.Text>;
  }
  const isUp = change > 0;
  return (
    <Typography.Text style={{ color: isUp ? UP : DOWN }} data-testid="kpi-change">
      {isUp ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatChange(change)}
    </Typography.Text>
  );
};

const KpiCard = ({
  id,
  title,
  kpi,
  format = formatDecimal,
  extra,
}: {
  id: string;
  title: string;
  kpi: TKpi;
  format?: (value: number | string) => string;
  extra?: ReactNode;
}) => (
  <Card size="small" data-testid={`kpi-${id}`} style={{ height: '100%' }}>
    <Statistic title={title} value={format(kpi.value)} />
    <div>
      <Change change={kpi.change} kpi={kpi} />{' '}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        ({format(kpi.previous)})
      </Typography.Text>
    </div>
    {extra}
  </Card>
);

/** The period's figures, each with the previous period's value and the change (green up, red down). */
export const KpiCards = ({ data, isLoading }: { data: TAnalytics | undefined; isLoading: boolean }) => {
  const { t } = useTranslation('analytics');
  if (isLoading || !data) {
    return (
      <Row gutter={[12, 12]}>
        {Array.from({ length: 8 }, (_, index) => (
          <Col key={index} xs={24} sm={12} lg={6}>
            <Card size="small">
              <Skeleton active paragraph={{ rows: 1 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  const som = (value: number | string) => `${formatMoney(String(value))} ${t('units.som')}`;
  const kwh = (value: number | string) => `${formatDecimal(value)} ${t('units.kwh')}`;
  const minutes = (value: number | string) => t('units.minutes', { count: Math.round(Number(value) / 60) });
  const withActive = (kpi: TAnalytics['merchants']) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('kpi.active', { count: kpi.active })}
    </Typography.Text>
  );
  const cards = [
    <KpiCard key="turnover" id="turnover" title={t('kpi.turnover')} kpi={data.turnover} format={som} />,
    <KpiCard key="charges" id="charges" title={t('kpi.charges')} kpi={data.charges} />,
    <KpiCard key="energy" id="energy" title={t('kpi.energy')} kpi={data.energy_kwh} format={kwh} />,
    <KpiCard key="check" id="average-check" title={t('kpi.averageCheck')} kpi={data.average_check} format={som} />,
    <KpiCard key="active" id="active-users" title={t('kpi.activeUsers')} kpi={data.active_users} />,
    <KpiCard key="new" id="new-users" title={t('kpi.newUsers')} kpi={data.new_users} />,
    <KpiCard key="promo" id="promo-users" title={t('kpi.promoUsers')} kpi={data.promo_users} />,
    <KpiCard
      key="session"
      id="average-session"
      title={t('kpi.averageSession')}
      kpi={data.average_session_seconds}
      format={minutes}
    />,
    <KpiCard key="failed" id="failed-charges" title={t('kpi.failedCharges')} kpi={data.failed_charges} />,
    <KpiCard
      key="merchants"
      id="merchants"
      title={t('kpi.merchants')}
      kpi={data.merchants}
      extra={withActive(data.merchants)}
    />,
    <KpiCard
      key="stations"
      id="stations"
      title={t('kpi.stations')}
      kpi={data.stations}
      extra={withActive(data.stations)}
    />,
    <KpiCard
      key="connectors"
      id="connectors"
      title={t('kpi.connectors')}
      kpi={data.connectors}
      extra={withActive(data.connectors)}
    />,
  ];
  return (
    <Row gutter={[12, 12]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} lg={6}>
          {card}
        </Col>
      ))}
    </Row>
  );
};
