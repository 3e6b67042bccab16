import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LazyResult } from '@/components/lazy-result/LazyResult';
import { ApiError, errorMessage } from '@/lib/apiError';

/** A missing user (404, or an id that is not a number) or a failed load, with the way back to the list. */
export const UserLoadError = ({ error }: { error: unknown }) => {
  const { t } = useTranslation(['common', 'users']);
  const navigate = useNavigate();
  const isMissing = error === null || (error instanceof ApiError && error.status === 404);
  return (
    <LazyResult
      status={isMissing ? '404' : 'error'}
      title={isMissing ? t('errors.notFoundTitle') : errorMessage(error, t('errors.request'))}
      subTitle={isMissing ? errorMessage(error, '') || undefined : undefined}
      extra={<Button onClick={() => void navigate('/users')}>{t('users:list.title')}</Button>}
    />
  );
};
