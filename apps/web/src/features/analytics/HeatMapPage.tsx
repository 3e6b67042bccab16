import type { THeatMapMetric } from '@zaryad/contracts/analytics';
import { Alert, Card, DatePicker, Flex, Segmented, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { useHeatMap, type THeatMapQuery } from '@/features/analytics/api';
import { useConnectorTypes } from '@/features/lookups';
import { HEAT_LEGEND_COLORS, HeatLayerMap } from '@/features/map';
import { MerchantSelect } from '@/features/pickers';
import { defaultReportPeriod } from '@/lib/reportPeriod';

export { analyticsTextsReady as textsReady } from '@/features/analytics/analyticsTexts';

const METRICS: readonly THeatMapMetric[] = ['charges', 'energy', 'turnover'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const readQuery = (params: URLSearchParams): THeatMapQuery => {
  const metric = params.get('metric');
  const merchant = Number(params.get('merchant'));
  const from = params.get('period__from');
  const to = params.get('period__to');
  return {
    metric: (METRICS as readonly string[]).includes(metric ?? '') ? (metric as THeatMapMetric) : 'charges',
    // The reports' one default period, the last 30 Bishkek days, unless a period is chosen.
    period__from: from && DATE.test(from) ? from : defaultReportPeriod().period__from,
    period__to: to && DATE.test(to) ? to : defaultReportPeriod().period__to,
    merchant: Number.isInteger(merchant) && merchant > 0 ? merchant : undefined,
    connector_type: params.get('connector_type') || undefined,
  };
};

/** `/heat-map`: stations weighted by charges, kWh or turnover over a period, filtered by merchant and connector type. */
export const HeatMapPage = () => {
  const { t } = useTranslation('analytics');
  const figures = useNumberFormat();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const heatMap = useHeatMap(query);
  const connectorTypes = useConnectorTypes();
  const set = (values: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) {
        next.delete(key);
      } else {
        next.set(key, value);
      }
    }
    setParams(next, { replace: true });
  };
  const points = useMemo(
    () =>
      (heatMap.data ?? []).map((point) => ({
        key: point.station_id,
        latitude: point.latitude,
        longitude: point.longitude,
        weight: point.weight,
        title: point.name,
        popup: (
          <div data-testid="station-popup">
            <Typography.Text strong>{point.name}</Typography.Text>
            <div>{point.merchant}</div>
            <div>
              {t('heatMap.metric.charges')}: {figures.count(point.charges)}
            </div>
            <div>
              {t('heatMap.metric.energy')}: {figures.kwh(point.energy_kwh)}
            </div>
            <div>
              {t('heatMap.metric.turnover')}: {figures.unit(figures.money(point.turnover), t('units.som'))}
            </div>
            <Link to={`/merchant/${point.merchant_id}/station-info/${point.station_id}`}>
              {t('heatMap.stationInfo')}
            </Link>
          </div>
        ),
      })),
    [heatMap.data, t, figures],
  );

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <Segmented
            aria-label={t('heatMap.legendTitle', { metric: '' })}
            value={query.metric}
            options={METRICS.map((metric) => ({ value: metric, label: t(`heatMap.metric.${metric}`) }))}
            onChange={(metric) => set({ metric: metric === 'charges' ? undefined : metric })}
          />
          <DatePicker.RangePicker
            aria-label={t('heatMap.period')}
            format="DD.MM.YYYY"
            allowClear={false}
            value={[dayjs(query.period__from), dayjs(query.period__to)]}
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            onChange={(range) =>
              set({ period__from: range?.[0]?.format('YYYY-MM-DD'), period__to: range?.[1]?.format('YYYY-MM-DD') })
            }
          />
          <MerchantSelect
            label={t('dashboard.allNetwork')}
            value={query.merchant ?? null}
            onChange={(id) => set({ merchant: id === null ? undefined : String(id) })}
            width={220}
          />
          <Select
            aria-label={t('heatMap.connectorType')}
            placeholder={t('heatMap.connectorType')}
            allowClear
            style={{ width: 200 }}
            value={query.connector_type}
            options={(connectorTypes.data ?? []).map((type) => ({ value: type.key, label: type.name }))}
            onChange={(value: string | undefined) => set({ connector_type: value })}
          />
        </Flex>
      </Card>
      <Card size="small" styles={{ body: { padding: 0 } }}>
        <div style={{ position: 'relative' }}>
          <HeatLayerMap points={points} label={t('heatMap.mapLabel')} />
          <div
            data-testid="heat-legend"
            style={{
              position: 'absolute',
              left: 12,
              bottom: 12,
              zIndex: 1000,
              // The page's raised surface (index.html's --z-raised): white, or grey in dark.
              background: 'var(--z-raised)',
              padding: '8px 12px',
              borderRadius: 8,
            }}
          >
            <Typography.Text strong style={{ fontSize: 12 }}>
              {t('heatMap.legendTitle', { metric: t(`heatMap.metric.${query.metric}`) })}
            </Typography.Text>
            <div
              style={{
                width: 180,
                height: 10,
                borderRadius: 5,
                margin: '4px 0',
                background: `linear-gradient(to right, ${HEAT_LEGEND_COLORS.join(', ')})`,
              }}
            />
            <Flex justify="space-between">
              <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                {t('heatMap.legendLow')}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                {t('heatMap.legendHigh')}
              </Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {t('heatMap.markersHint')}
            </Typography.Text>
          </div>
        </div>
      </Card>
      {heatMap.data && heatMap.data.length === 0 && <Alert type="info" showIcon title={t('heatMap.empty')} />}
    </Flex>
  );
};
