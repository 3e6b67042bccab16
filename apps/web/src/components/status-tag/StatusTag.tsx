import { STATUS, type TStatus } from '@zaryad/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type TStatusTagProps = {
  status: TStatus;
  /** Dashboard accounts are 'blocked' rather than 'inactive'. */
  wording?: 'activation' | 'blocking';
};

/** antd's preset green and red tags reach only ~3.4:1; these darker texts keep WCAG AA's 4.5:1. */
const ACTIVE_STYLE = { color: '#237804', background: '#f6ffed', borderColor: '#b7eb8f' };
const INACTIVE_STYLE = { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' };

/** A record's status as a coloured word; colour is never the only cue (WCAG 1.4.1). */
export const StatusTag = ({ status, wording = 'activation' }: TStatusTagProps) => {
  const { t } = useTranslation('kit');
  if (status === STATUS.active) {
    return <Tag style={ACTIVE_STYLE}>{t('status.active')}</Tag>;
  }
  return <Tag style={INACTIVE_STYLE}>{t(wording === 'blocking' ? 'status.blocked' : 'status.inactive')}</Tag>;
};
