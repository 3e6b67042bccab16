import { Button, Flex, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/apiError';

/** What the page says without its illustration: a title and the way back to the list. */
const PlainLoadError = ({ error }: { error: unknown }) => {
  const { t } = useTranslation(['common', 'merchants']);
  const navigate = useNavigate();
  const isMissing = error === null || (error instanceof ApiError && error.status === 404);
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 48 }} role="alert">
      <div style={{ fontSize: 24 }}>
        {isMissing ? t('errors.notFoundTitle') : errorMessage(error, t('errors.request'))}
      </div>
      <Button onClick={() => void navigate('/merchants')}>{t('merchants:list.title')}</Button>
    </Flex>
  );
};

// antd's Result carries all its illustrations (~10 KB gzip) and is shown only when a load fails: it loads then
// (issue 10's web budgets). Should that chunk fail too (the network is often why the load failed), the plain
// page stands in.
const MerchantLoadErrorResult = lazy(() =>
  import('@/features/merchants/MerchantLoadErrorResult').then(
    (module) => ({ default: module.MerchantLoadErrorResult }),
    () => ({ default: PlainLoadError }),
  ),
);

/** A missing merchant (404, or an id that is not a number) or a failed load, with the way back to the list. */
export const MerchantLoadError = ({ error }: { error: unknown }) => (
  <Suspense fallback={<Skeleton active />}>
    <MerchantLoadErrorResult error={error} />
  </Suspense>
);
