import type { TMerchantRow } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { VISUALLY_HIDDEN } from '@/lib/visuallyHidden';

type TCounts = Pick<TMerchantRow, 'stations_count' | 'active_stations_count' | 'inactive_stations_count'>;

/** total / active / inactive, with the words for screen readers and the tooltip. */
export const StationCounts = ({ merchant }: { merchant: TCounts }) => {
  const { t } = useTranslation('merchants');
  const { count } = useNumberFormat();
  const text = t('counts.long', {
    total: count(merchant.stations_count),
    active: count(merchant.active_stations_count),
    inactive: count(merchant.inactive_stations_count),
  });
  // A plain span may not carry aria-label (axe aria-prohibited-attr): the words are hidden text instead.
  return (
    <span title={text}>
      <span style={VISUALLY_HIDDEN}>{text}</span>
      <span aria-hidden>
        {count(merchant.stations_count)} / <TextSpan tone="success">{count(merchant.active_stations_count)}</TextSpan> /{' '}
        <TextSpan tone="danger">{count(merchant.inactive_stations_count)}</TextSpan>
      </span>
    </span>
  );
};
