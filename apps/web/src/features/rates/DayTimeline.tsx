import { TARIFF_COMPONENTS, type TTariff, type TTariffComponent } from '@zaryad/contracts';
import { BISHKEK_OFFSET_MS } from '@zaryad/contracts/bishkek-time';
import { Flex, Select, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { WEEKDAYS } from '@/features/rates/PriceFields';
import { clockOf, dayTimeline, isDrawable } from '@/features/rates/dayTimeline';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** Today's ISO weekday in Bishkek (1 Monday .. 7 Sunday). */
const bishkekWeekday = () => {
  const day = new Date(Date.now() + BISHKEK_OFFSET_MS).getUTCDay();
  return day === 0 ? 7 : day;
};

/** A stretch narrower than this share of the day keeps its label in the list below only. */
const LABEL_MIN_SHARE = 0.12;

/**
 * A day's prices of one component as a bar of coloured stretches (cheaper lighter), computed here from the price's
 * periods for a chosen weekday (dayTimeline), energy by default; the same stretches are listed in words below.
 */
export const DayTimeline = ({ price }: { price: TTariff }) => {
  const { t } = useTranslation('rates');
  const { money, unit, units } = useNumberFormat();
  const { token } = theme.useToken();
  const [weekday, setWeekday] = useState(bishkekWeekday);
  const [component, setComponent] = useState<TTariffComponent>('energy');
  const stretches = dayTimeline(price, component, weekday);
  const prices = [...new Set(stretches.map((stretch) => Number(stretch.price)))].sort((left, right) => left - right);
  const palette = [token.colorSuccessBg, token.colorInfoBg, token.colorWarningBg, token.colorErrorBg];
  const colourOf = (value: string) => {
    const rank = prices.indexOf(Number(value));
    const share = prices.length < 2 ? 0 : rank / (prices.length - 1);
    return palette[Math.round(share * (palette.length - 1))] ?? token.colorFillSecondary;
  };
  const priceText = (value: string) =>
    component === 'energy'
      ? unit(money(value), units.somPerKwh)
      : component === 'session'
        ? t('price', { fee: money(value) })
        : t('perMinute', { fee: money(value) });
  const textOf = (stretch: (typeof stretches)[number]) =>
    t('timeline.stretch', { from: clockOf(stretch.from), to: clockOf(stretch.to), price: priceText(stretch.price) });
  const hasHidden = price.periods.some((period) => period.component === component && !isDrawable(period));

  return (
    <Flex vertical gap={8} data-testid="day-timeline">
      <Flex gap={8} wrap align="center">
        <TextSpan strong>{t('timeline.title')}</TextSpan>
        <Select
          aria-label={t('timeline.weekday')}
          size="small"
          style={{ width: 96 }}
          value={weekday}
          onChange={setWeekday}
          options={WEEKDAYS.map((day) => ({ value: day, label: t(`weekdays.${day}`) }))}
        />
        <Select
          aria-label={t('timeline.component')}
          size="small"
          style={{ width: 220 }}
          value={component}
          onChange={setComponent}
          options={TARIFF_COMPONENTS.map((item) => ({ value: item, label: t(`components.${item}`) }))}
        />
      </Flex>
      <div
        aria-hidden
        style={{
          display: 'flex',
          height: 32,
          borderRadius: token.borderRadiusSM,
          overflow: 'hidden',
          border: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {stretches.map((stretch) => {
          const share = (stretch.to - stretch.from) / 1440;
          return (
            <div
              key={stretch.from}
              title={textOf(stretch)}
              style={{
                flex: `0 0 ${share * 100}%`,
                background: colourOf(stretch.price),
                borderRight: `1px solid ${token.colorBorderSecondary}`,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: token.fontSizeSM,
                overflow: 'hidden',
                whiteSpace: 'nowrap',
              }}
            >
              {share >= LABEL_MIN_SHARE ? money(stretch.price) : null}
            </div>
          );
        })}
      </div>
      <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label={t('timeline.title')}>
        {stretches.map((stretch) => (
          <li key={stretch.from}>
            <TextSpan tone={stretch.isPeriod ? undefined : 'secondary'}>{textOf(stretch)}</TextSpan>
          </li>
        ))}
      </ul>
      {hasHidden ? <TextSpan tone="secondary">{t('timeline.hint')}</TextSpan> : null}
    </Flex>
  );
};
