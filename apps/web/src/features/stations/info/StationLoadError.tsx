import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/apiError';

type TStationLoadErrorProps = { error: unknown; isError: boolean; merchantId: number };

/** A missing station (404, or an id that is not a number) or a failed load, with the way back to its merchant. */
export const StationLoadError = ({ error, isError, merchantId }: TStationLoadErrorProps) => {
  const { t } = useTranslation(['stationInfo', 'common']);
  const navigate = useNavigate();
  const isMissing = !isError || (error instanceof ApiError && error.status === 404);
  return (
    <Result
      status={isMissing ? '404' : 'error'}
      title={isMissing ? t('common:errors.notFoundTitle') : errorMessage(error, t('loadError'))}
      extra={
        Number.isNaN(merchantId) ? undefined : (
          <Button onClick={() => void navigate(`/merchant/${merchantId}`)}>{t('common:actions.back')}</Button>
        )
      }
    />
  );
};
