import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The default outlet for a path no route knows. */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('errors.notFoundTitle')}
      subTitle={t('errors.notFoundText')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('actions.goHome')}
        </Button>
      }
    />
  );
};
