import { STATUS, type TStatus } from '@zaryad/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type TStatusTagProps = {
  status: TStatus;
  /** Dashboard accounts are 'blocked' rather than 'inactive'. */
  wording?: 'activation' | 'blocking';
};

/**
 * A record's status as a coloured word; colour is never the only cue (WCAG 1.4.1). antd's success and error tags, in
 * the theme's colours: app/ThemeProvider.tsx gives them the shades that keep WCAG AA's 4.5:1, light and dark.
 */
export const StatusTag = ({ status, wording = 'activation' }: TStatusTagProps) => {
  const { t } = useTranslation('kit');
  if (status === STATUS.active) {
    return <Tag color="success">{t('status.active')}</Tag>;
  }
  return <Tag color="error">{t(wording === 'blocking' ? 'status.blocked' : 'status.inactive')}</Tag>;
};
