import { Card, Flex, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '@/components/permissions/permissions';
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

const TABS = ['stations', 'uptime', 'powerLimit', 'report'] as const;
type TTab = (typeof TABS)[number];

const tabOf = (value: string | null): TTab => TABS.find((tab) => tab === value) ?? 'stations';

/** A tab's content that loads on its first showing: a skeleton meanwhile, in the tab's own place. */
const loading = (content: ReactNode) => <Suspense fallback={<Skeleton active />}>{content}</Suspense>;

/**
 * `merchant/{id}`: the merchant's card, then its stations, this month's uptime, the site power limit and its report,
 * one tab each (the tab is kept in the URL). Only the stations render with the page: the other tabs load their code
 * and data when first shown, so that nothing arriving later moves the page under the operator's eyes.
 */
export const MerchantDetailPage = () => {
  const { t } = useTranslation('merchants');
  const id = useIdParam();
  const merchant = useMerchant(id);
  // The card draws its labels at once and its values when the merchant arrives, in the background, a slice at a time:
  // a query's answer renders at once otherwise, one long task on a phone (issue 18). The tabs follow it.
  const shown = useDeferredValue(merchant.data);
  const [searchParams, setSearchParams] = useSearchParams();
  // The site power limit is read with stations.view (docs/product/ocpp.md); the uptime with this page's merchants.view.
  const canViewPowerLimit = useCan('stations.view');
  const requested = tabOf(searchParams.get('tab'));
  const tab = requested === 'powerLimit' && !canViewPowerLimit ? 'stations' : requested;
  useRecordTrail([merchant.data && { title: merchant.data.name, path: merchantPath(id) }]);

  if (merchant.isError || Number.isNaN(id)) {
    return <RecordLoadError error={merchant.error} back={{ to: '/merchants', label: t('list.title') }} />;
  }
  return (
    <Flex vertical gap={16}>
      <MerchantHeaderCard id={id} merchant={shown} />
      {/* The tabs come once the card has its values: drawn before, they were pushed down as the values filled it. */}
      {shown ? (
        <Card>
          <Tabs
            activeKey={tab}
            onChange={(key) => {
              setSearchParams(key === 'stations' ? {} : { tab: key }, { replace: true });
            }}
            items={[
              { key: 'stations', label: t('stations.title'), children: <StationsSection merchantId={id} /> },
              { key: 'uptime', label: t('tabs.uptime'), children: loading(<MerchantUptimePanel merchantId={id} />) },
              ...(canViewPowerLimit
                ? [
                    {
                      key: 'powerLimit',
                      label: t('tabs.powerLimit'),
                      children: loading(<SitePowerLimitSection merchantId={id} />),
                    },
                  ]
                : []),
              { key: 'report', label: t('report.title'), children: loading(<MerchantReport merchantId={id} />) },
            ]}
          />
        </Card>
      ) : null}
    </Flex>
  );
};
