import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TONE_COLORS, uptimeTone } from '@/features/uptime/uptimeModel';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * An uptime percentage (or "no data") in the text's own colour, its tone (97 % and over green) as a dot before it: a
 * tone colour as the text's colour fell below WCAG AA's 4.5:1 contrast (grey "no data" 1.8:1, found by the axe check).
 */
export const UptimeValue = ({ value, strong = false }: { value: number | null; strong?: boolean }) => {
  const { t } = useTranslation('uptime');
  const { percent } = useNumberFormat();
  return (
    <Typography.Text strong={strong} type={value === null ? 'secondary' : undefined} style={{ whiteSpace: 'nowrap' }}>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 8,
          height: 8,
          borderRadius: 4,
          marginInlineEnd: 6,
          verticalAlign: 'middle',
          background: TONE_COLORS[uptimeTone(value)],
        }}
      />
      {value === null ? t('noData') : percent(value, 2)}
    </Typography.Text>
  );
};
