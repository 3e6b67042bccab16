import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LazyResult } from '@/components/lazy-result/LazyResult';
import { ApiError, errorMessage } from '@/lib/apiError';

type TRecordLoadErrorProps = {
  /** The load's error; null when there is nothing to load (the address's id is not a number). */
  error: unknown;
  /** The way back: the list's path and title, or the record's parent. */
  back?: { to: string; label: string };
  /** The title of a failure the server did not explain (the network): the screen's own words, else the kit's. */
  failedTitle?: string;
};

/**
 * A record's screen that could not load it: a missing record (404, or an id that is not a number) as "page not found"
 * with what may have happened under it (the server's 404 only says "not found" again), any other failure with the
 * server's reason; and the way back.
 */
export const RecordLoadError = ({ error, back, failedTitle }: TRecordLoadErrorProps) => {
  const { t } = useTranslation('kit');
  const navigate = useNavigate();
  const isMissing = error === null || (error instanceof ApiError && error.status === 404);
  return (
    <LazyResult
      status={isMissing ? '404' : 'error'}
      title={isMissing ? t('errors.notFoundTitle') : errorMessage(error, failedTitle ?? t('errors.generic'))}
      subTitle={isMissing ? t('errors.notFoundSubtitle') : undefined}
      extra={back ? <Button onClick={() => void navigate(back.to)}>{back.label}</Button> : undefined}
    />
  );
};
