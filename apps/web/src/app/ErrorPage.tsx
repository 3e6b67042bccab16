import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ThemeProvider } from '@/app/ThemeProvider';

const describe = (error: unknown): string | null => {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText}`;
  }
  return error instanceof Error ? error.message : null;
};

/** The route error boundary: a render error shows this page instead of a blank screen (docs/product/common.md#8-messages). */
export const ErrorPage = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  const details = describe(error);
  // Route errors render outside the layout (and its theme) when the layout itself failed.
  return (
    <ThemeProvider>
      <Result
        status="error"
        title={t('errors.unexpected')}
        subTitle={t('errors.unexpectedHint')}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>,
          <Button key="home" href="/">
            {t('actions.goHome')}
          </Button>,
        ]}
      >
        {details ? <Typography.Text type="secondary">{details}</Typography.Text> : null}
      </Result>
    </ThemeProvider>
  );
};
