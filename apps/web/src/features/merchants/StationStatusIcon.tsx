import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { STATUS, type TStatus } from '@zaryad/contracts';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The station table's status: a check or a cross, named for screen readers (status 0 is active). */
export const StationStatusIcon = ({ status }: { status: TStatus }) => {
  const { t } = useTranslation(['common', 'merchants']);
  const isActive = status === STATUS.active;
  // The theme's success text and error colours: 3:1 or more for an icon, on white and on the dark card.
  const { token } = theme.useToken();
  const label = isActive ? t('status.active') : t('merchants:list.inactive');
  return isActive ? (
    <CheckCircleFilled
      role="img"
      aria-label={label}
      title={label}
      style={{ color: token.colorSuccessText, fontSize: 18 }}
    />
  ) : (
    <CloseCircleFilled role="img" aria-label={label} title={label} style={{ color: token.colorError, fontSize: 18 }} />
  );
};
