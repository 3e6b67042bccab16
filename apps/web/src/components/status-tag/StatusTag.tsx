import { STATUS, type TStatus } from '@zaryad/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type TStatusTagProps = {
  status: TStatus;
  /** Dashboard accounts are 'blocked' rather than 'inactive'. */
  wording?: 'activation' | 'blocking';
};

/** A record's status as a coloured word; colour is never the only cue (WCAG 1.4.1). */
export const StatusTag = ({ status, wording = 'activation' }: TStatusTagProps) => {
  const { t } = useTranslation('kit');
  if (status === STATUS.active) {
    return <Tag color="green">{t('status.active')}</Tag>;
  }
  return <Tag color="red">{t(wording === 'blocking' ? 'status.blocked' : 'status.inactive')}</Tag>;
};
