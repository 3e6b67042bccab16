import type { TUptimeSeconds } from '@zaryad/contracts/uptime';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sharesOf, STATE_COLORS } from '@/features/uptime/uptimeModel';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** The share of time in each state: one stacked bar, and a legend of the states with time unless `compact`. */
export const UptimeShares = ({ seconds, compact = false }: { seconds: TUptimeSeconds; compact?: boolean }) => {
  const { t } = useTranslation('uptime');
  const { percent } = useNumberFormat();
  const shares = sharesOf(seconds);
  const label = shares.map(({ state, share }) => `${t(`states.${state}`)} ${percent(share * 100)}`).join(', ');
  return (
    <Flex vertical gap={6} style={{ minWidth: 120 }}>
      <div
        role="img"
        aria-label={label || t('noData')}
        data-testid="uptime-shares"
        style={{ display: 'flex', height: compact ? 8 : 12, borderRadius: 4, overflow: 'hidden', background: STATE_COLORS.unknown }}
      >
        {shares.map(({ state, share }) => (
          <Tooltip key={state} title={`${t(`states.${state}`)}: ${percent(share * 100)}`}>
            <div style={{ width: `${share * 100}%`, background: STATE_COLORS[state] }} />
          </Tooltip>
        ))}
      </div>
      {compact ? null : (
        <Flex gap={12} wrap>
          {shares.map(({ state, share }) => (
            <Typography.Text key={state} type="secondary" style={{ fontSize: 12 }}>
              <span
                aria-hidden
                style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 2, marginInlineEnd: 4, background: STATE_COLORS[state] }}
              />
              {t(`states.${state}`)} {percent(share * 100)}
            </Typography.Text>
          ))}
        </Flex>
      )}
    </Flex>
  );
};
