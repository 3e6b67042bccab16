import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const NotFound = () => {
  const { t } = useTranslation('app');
  return (
    <div className="state" role="alert">
      <p>{t('notFound')}</p>
      <Link className="button" to="/stations">
        {t('toStations')}
      </Link>
    </div>
  );
};
