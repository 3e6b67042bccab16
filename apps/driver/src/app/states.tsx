import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '@/lib/failure';

/** A screen's loading state: a line that says so, for screen readers too. */
export const Loading = () => {
  const { t } = useTranslation('app');
  return (
    <p className="state" role="status" aria-live="polite">
      {t('loading')}
    </p>
  );
};

/** A load that failed: the server's own words when it gave some, else offline or a plain failure, and a retry. */
export const LoadError = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => {
  const { t } = useTranslation('app');
  const message = useFailureText()(error);
  return (
    <div className="state" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
};

/** A screen's frame: its title and what it holds. */
export const Screen = ({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) => (
  <section className="screen" aria-labelledby="screen-title">
    <header className="screen-header">
      <h1 id="screen-title">{title}</h1>
      {actions}
    </header>
    {children}
  </section>
);
