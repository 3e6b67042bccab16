import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/apiError';

/** MerchantLoadError's page: antd's Result with its 404 illustration. */
export const MerchantLoadErrorResult = ({ error }: { error: unknown }) => {
  const { t } = useTranslation(['common', 'merchants']);
  const navigate = useNavigate();
  const isMissing = error === null || (error instanceof ApiError && error.status === 404);
  return (
    <Result
      status={isMissing ? '404' : 'error'}
      title={isMissing ? t('errors.notFoundTitle') : errorMessage(error, t('errors.request'))}
      extra={<Button onClick={() => void navigate('/merchants')}>{t('merchants:list.title')}</Button>}
    />
  );
};
