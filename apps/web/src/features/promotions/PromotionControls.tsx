import { PROMOTION_INITIATORS, type TPromotionInitiator } from '@zaryad/contracts';
import { Select, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MerchantSelect, StationSelect } from '@/features/pickers';

/** The form's heavier controls (antd's pickers and selects, ~60 KB gzip), in one chunk beside the form's. */

type TRangeProps = {
  value?: [Dayjs, Dayjs] | null;
  onChange?: (value: [Dayjs, Dayjs] | null) => void;
  id?: string;
};

/** The daily happy hours in 30-minute steps (docs/product/common.md#9-limits); an end before the start crosses midnight. */
export const HappyHoursField = ({ value, onChange, id }: TRangeProps) => (
  <TimePicker.RangePicker
    id={id}
    value={value}
    onChange={(range) => onChange?.(range?.[0] && range[1] ? [range[0], range[1]] : null)}
    format="HH:mm"
    minuteStep={30}
    order={false}
    needConfirm={false}
    style={{ width: '100%' }}
  />
);

type TInitiatorSelectProps = {
  value?: TPromotionInitiator;
  onChange?: (initiator: TPromotionInitiator) => void;
  id?: string;
};

/** The initiator: a merchant, the company or a payment system. */
export const InitiatorSelect = ({ value, onChange, id }: TInitiatorSelectProps) => {
  const { t } = useTranslation('promotions');
  return (
    <Select<TPromotionInitiator>
      id={id}
      value={value}
      onChange={(initiator) => onChange?.(initiator)}
      aria-label={t('fields.initiator')}
      options={PROMOTION_INITIATORS.map((key) => ({ value: key, label: t(`initiators.${key}`) }))}
    />
  );
};

type TMerchantPickerProps = {
  value?: number | null;
  onChange?: (id: number | null) => void;
  id?: string;
  knownName?: string | null;
  /** Besides the form's own change: stations belong to a merchant, another one starts with none. */
  onMerchantChange: () => void;
};

/** One active merchant, infinite scroll (`GET /merchants/for-promotion/`). */
export const MerchantPicker = ({ value, onChange, id, knownName, onMerchantChange }: TMerchantPickerProps) => {
  const { t } = useTranslation('promotions');
  return (
    <MerchantSelect
      id={id}
      value={value}
      label={t('form.noMerchant')}
      knownName={knownName}
      onChange={(merchant) => {
        onChange?.(merchant);
        onMerchantChange();
      }}
    />
  );
};

type TStationsPickerProps = {
  value?: number[];
  onChange?: (ids: number[]) => void;
  merchant: number | null;
};

/** Active stations, of the merchant when one is chosen, infinite scroll (`GET /stations/for-promotion/`). */
export const StationsPicker = ({ value, onChange, merchant }: TStationsPickerProps) => {
  const { t } = useTranslation('promotions');
  return (
    <StationSelect
      label={t('fields.stations')}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      path="/stations/for-promotion/"
      merchant={merchant ?? undefined}
      width="100%"
    />
  );
};
