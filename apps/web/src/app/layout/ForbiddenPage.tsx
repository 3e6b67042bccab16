import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A screen the account's role does not open (a direct URL, a bookmark, a link from a wider role). */
export const ForbiddenPage = () => {
  const { t } = useTranslation(['layout', 'common']);
  const navigate = useNavigate();
  return (
    // The wrapper names the page for the end-to-end tests: Result passes no data attributes on.
    <div data-testid="forbidden-page">
      <Result
        status="403"
        title={t('forbidden.title')}
        subTitle={t('forbidden.text')}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('common:actions.goHome')}
          </Button>
        }
      />
    </div>
  );
};
