import { DownloadOutlined } from '@ant-design/icons';
import type { TMerchantReport } from '@zaryad/contracts';
import { Button, DatePicker, Flex, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components';
import { figureColumn } from '@/components/data-table/figureColumn';
import { useCan } from '@/components/permissions/permissions';
import { useMerchantReport, type TReportPeriod } from '@/features/merchants/api';
import { fetchReportFile, REPORT_FORMATS, type TReportFormat } from '@/features/merchants/downloadReport';
import { saveBlob } from '@/lib/download';
import { errorMessage } from '@/lib/apiError';
import { REPORT_KWH_DIGITS } from '@/lib/numberFormat';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { defaultReportPeriod } from '@/lib/reportPeriod';

type TRow = TMerchantReport['rows'][number];

const toPeriod = ([from, to]: [Dayjs, Dayjs]): TReportPeriod => ({
  period__from: from.format('YYYY-MM-DD'),
  period__to: to.format('YYYY-MM-DD'),
});

/** The merchant report: turnover, charges and energy per station for a period, with xlsx and csv export. */
export const MerchantReport = ({ merchantId }: { merchantId: number }) => {
  const { t } = useTranslation(['merchants', 'common']);
  const showError = useActionError();
  // The reports' one default period, the last 30 Bishkek days (docs/product/common.md#2-screens).
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const initial = defaultReportPeriod();
    return [dayjs(initial.period__from), dayjs(initial.period__to)];
  });
  const period = toPeriod(range);
  const report = useMerchantReport(merchantId, period);
  const [downloading, setDownloading] = useState<TReportFormat | null>(null);
  const canExport = useCan('merchants.export');
  const { count, kwh, money } = useNumberFormat();

  const download = async (format: TReportFormat) => {
    setDownloading(format);
    try {
      const file = await fetchReportFile(merchantId, period, format);
      saveBlob(file.blob, file.name);
    } catch (error) {
      showError(new Error(errorMessage(error, t('common:errors.request'))));
    } finally {
      setDownloading(null);
    }
  };

  const columns: TableColumnsType<TRow> = [
    { key: 'id', title: t('stations.id'), dataIndex: 'station_id', width: 72 },
    { key: 'name', title: t('stations.name'), dataIndex: 'station_name' },
    figureColumn<TRow>('charges', t('report.charges'), (row) => count(row.charges)),
    figureColumn<TRow>('energy', t('report.energy'), (row) => kwh(row.energy_kwh, REPORT_KWH_DIGITS)),
    figureColumn<TRow>('turnover', t('report.turnover'), (row) => money(row.turnover)),
  ];
  const totals = report.data?.totals;

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Flex gap={8} align="center" wrap>
          <Typography.Text id="report-period">{t('report.period')}</Typography.Text>
          <DatePicker.RangePicker
            aria-labelledby="report-period"
            format="DD.MM.YYYY"
            allowClear={false}
            value={range}
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            onChange={(value) => {
              const [from, to] = value ?? [];
              if (from && to) {
                setRange([from, to]);
              }
            }}
          />
        </Flex>
        <Flex gap={8}>
          {(canExport ? REPORT_FORMATS : []).map((format) => (
            <Button
              key={format}
              icon={<DownloadOutlined aria-hidden />}
              loading={downloading === format}
              onClick={() => void download(format)}
            >
              {t('report.download', { format: format.toUpperCase() })}
            </Button>
          ))}
        </Flex>
      </Flex>
      <Table<TRow>
        aria-label={t('report.title')}
        size="small"
        rowKey="station_id"
        columns={columns}
        dataSource={report.data?.rows ?? []}
        loading={report.isFetching}
        pagination={false}
        locale={{
          emptyText: report.isError
            ? errorMessage(report.error, t('common:errors.request'))
            : t('common:messages.noData'),
        }}
        summary={() =>
          totals ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>{t('report.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong>{count(totals.charges)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <strong>{kwh(totals.energy_kwh, REPORT_KWH_DIGITS)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <strong>{money(totals.turnover)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Flex>
  );
};
