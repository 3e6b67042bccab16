import type { TChargeCloser, TChargeStatus } from '@zaryad/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '@/features/charges/chargeText';

const CLOSER_STYLE = { maxWidth: 80, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' } as const;

/**
 * A charge's status as a coloured word (docs/product/charges.md#4-states-and-rules), and beside it how it was closed when that was not by its
 * charge point: without it by an operator, automatically after its meter went silent, or by the server when the
 * driver's available balance ran out (issue 39).
 */
export const ChargeStatusTag = ({
  status,
  closedBy = null,
}: {
  status: TChargeStatus;
  closedBy?: TChargeCloser | null;
}) => {
  const { t } = useTranslation('charges');
  return (
    <>
      <Tag color={STATUS_COLOURS[status]}>{t(`statuses.${status}`)}</Tag>
      {closedBy === 'force' || closedBy === 'auto' || closedBy === 'balance' ? (
        // Cut to a short width, so that a list's status column stays narrow (issue 33: no column under the pinned
        // Stop); the whole words, and why, in the tooltip.
        <Tooltip title={`${t(`closedBy.${closedBy}`)}: ${t(`closedBy.${closedBy}Hint`)}`}>
          <Tag color="purple" style={CLOSER_STYLE}>
            {t(`closedBy.${closedBy}`)}
          </Tag>
        </Tooltip>
      ) : null}
    </>
  );
};
