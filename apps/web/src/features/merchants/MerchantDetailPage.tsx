import { Card, Flex, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { useMerchant } from '@/features/merchants/api';
import { merchantPath } from '@/features/merchants/merchantCrumb';
import { MerchantHeaderCard } from '@/features/merchants/MerchantHeaderCard';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { StationsSection } from '@/features/merchants/StationsSection';
import { SitePowerLimitSection } from '@/features/ocpp';
import { MerchantUptimePanel } from '@/features/uptime';
import { useIdParam } from '@/lib/useIdParam';

// The report's date range picker and export are needed only on its tab: they load when it is first shown.
const MerchantReport = lazy(async () => ({
  default: (await import('@/features/merchants/MerchantReport')).MerchantReport,
}));

type TTab = 'stations' | 'report';

/** `merchant/{id}`: the merchant's card, its stations and its report (the tab is kept in the URL). */
export const MerchantDetailPage = () => {
  const { t } = useTranslation('merchants');
  const id = useIdParam();
  const merchant = useMerchant(id);
  // The card draws its labels at once and its values when the merchant arrives, in the background, a slice at a time:
  // a query's answer renders at once otherwise, one long task on a phone (issue 18). The stations load meanwhile.
  const shown = useDeferredValue(merchant.data);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TTab = searchParams.get('tab') === 'report' ? 'report' : 'stations';
  useRecordTrail([merchant.data && { title: merchant.data.name, path: merchantPath(id) }]);

  if (merchant.isError || Number.isNaN(id)) {
    return <RecordLoadError error={merchant.error} back={{ to: '/merchants', label: t('list.title') }} />;
  }
  return (
    <Flex vertical gap={16}>
      <MerchantHeaderCard id={id} merchant={shown} />
      <Suspense fallback={null}>
        <SitePowerLimitSection merchantId={id} />
      </Suspense>
      {/* This month's uptime of its stations: the uptime report's call, read with merchants.view as this page. */}
      <Suspense fallback={null}>
        <MerchantUptimePanel merchantId={id} />
      </Suspense>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setSearchParams(key === 'report' ? { tab: 'report' } : {}, { replace: true });
          }}
          items={[
            { key: 'stations', label: t('stations.title'), children: <StationsSection merchantId={id} /> },
            {
              key: 'report',
              label: t('report.title'),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <MerchantReport merchantId={id} />
                </Suspense>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
};
