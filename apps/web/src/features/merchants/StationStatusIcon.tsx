import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { STATUS, type TStatus } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';

/** The station table's status: a check or a cross, named for screen readers (status 0 is active). */
export const StationStatusIcon = ({ status }: { status: TStatus }) => {
  const { t } = useTranslation(['common', 'merchants']);
  const isActive = status === STATUS.active;
  const label = isActive ? t('status.active') : t('merchants:list.inactive');
  return isActive ? (
    <CheckCircleFilled role="img" aria-label={label} title={label} style={{ color: '#389e0d', fontSize: 18 }} />
  ) : (
    <CloseCircleFilled role="img" aria-label={label} title={label} style={{ color: '#cf1322', fontSize: 18 }} />
  );
};
