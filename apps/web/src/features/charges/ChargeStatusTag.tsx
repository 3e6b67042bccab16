import type { TChargeStatus } from '@zaryad/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '@/features/charges/chargeText';

/** A charge's status as a coloured word (SPEC.md section 4). */
export const ChargeStatusTag = ({ status }: { status: TChargeStatus }) => {
  const { t } = useTranslation('charges');
  return <Tag color={STATUS_COLOURS[status]}>{t(`statuses.${status}`)}</Tag>;
};
