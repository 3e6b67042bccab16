import { TextSpan } from '@/components/text/TextSpan';
import { formatMoney, isNegative } from '@/components/money/money';

/** A sum in som; a negative balance in red (with its minus sign, so colour is not the only cue). */
export const Money = ({ value, strong = false }: { value: string; strong?: boolean }) =>
  isNegative(value) ? (
    <TextSpan tone="danger" strong={strong} data-testid="negative-money">
      {formatMoney(value)}
    </TextSpan>
  ) : (
    <TextSpan strong={strong}>{formatMoney(value)}</TextSpan>
  );
