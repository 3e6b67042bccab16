import type { TCharge } from '@zaryad/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { useNumberFormat } from '@/lib/useNumberFormat';

const nowrap = { whiteSpace: 'nowrap' } as const;

type TBreakdownPart = 'energy' | 'time' | 'idle' | 'session' | 'adjustment';
const PARTS: readonly TBreakdownPart[] = ['energy', 'time', 'idle', 'session', 'adjustment'];

/**
 * What an ended charge's amount is made of (Tariffs II, `cost_breakdown`): energy, charging time, idle time, the fee
 * per charge and the minimum/maximum adjustment, each as the server summed it; the parts that are zero are left out
 * but for energy. Before any promotion: the discount is the cost cell's. A running charge, or one booked before
 * tariffs with components, has none.
 */
export const CostBreakdown = ({ charge }: { charge: TCharge }) => {
  const { t } = useTranslation('charges');
  const { money } = useNumberFormat();
  const breakdown = charge.cost_breakdown;
  if (!breakdown) {
    return <TextSpan tone="secondary">{t('breakdown.none')}</TextSpan>;
  }
  const parts = PARTS.filter((part) => part === 'energy' || /[1-9]/.test(breakdown[part]));
  return (
    <Flex component="dl" vertical gap={2} style={{ margin: 0 }} data-testid="cost-breakdown">
      {parts.map((part) => (
        <Flex key={part} gap={8} justify="space-between">
          <dt>
            <TextSpan tone="secondary">{t(`breakdown.${part}`)}</TextSpan>
          </dt>
          <dd style={{ margin: 0, ...nowrap }}>{money(breakdown[part])}</dd>
        </Flex>
      ))}
      <Flex gap={8} justify="space-between">
        <dt>
          <TextSpan strong>{t('breakdown.amount')}</TextSpan>
        </dt>
        <dd style={{ margin: 0, ...nowrap }}>
          <TextSpan strong>{money(breakdown.amount)}</TextSpan>
        </dd>
      </Flex>
    </Flex>
  );
};
