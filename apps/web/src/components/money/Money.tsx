import { TextSpan } from '@/components/text/TextSpan';
import { isNegative } from '@/lib/numberFormat';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * A sum in som, written by the interface language; a negative balance in red (with its minus sign, so colour is not
 * the only cue).
 */
export const Money = ({ value, strong = false }: { value: string; strong?: boolean }) => {
  const { money } = useNumberFormat();
  return isNegative(value) ? (
    <TextSpan tone="danger" strong={strong} data-testid="negative-money">
      {money(value)}
    </TextSpan>
  ) : (
    <TextSpan strong={strong}>{money(value)}</TextSpan>
  );
};
