import { STATUS, type TPromotionInitiator } from '@zaryad/contracts';
import { type TPromotion } from '@zaryad/contracts/promotions';
import dayjs, { type Dayjs } from 'dayjs';
import type { TImageItem } from '@/components';
import { PERIOD_FIELD_OF, periodEntries, periodOf, type TPeriodValue } from '@/components/period-field/periodValue';

export type TDiscountKind = 'percent' | 'amount';

/** The promotion form's values: titles per language, then the fields every language shares. */
export type TPromotionFormValues = {
  title_ru: string;
  title_en: string;
  title_ky: string;
  image: TImageItem[];
  initiator: TPromotionInitiator | undefined;
  merchant: number | null;
  stations: number[];
  min_charge_amount: string;
  min_charges_count: string;
  discountKind: TDiscountKind;
  discount_percent: string;
  discount_amount: string;
  period: TPeriodValue;
  /** Times of day; an end before the start crosses midnight. */
  happyHours: [Dayjs, Dayjs] | null;
  isActive: boolean;
};

/** `HH:mm` as a picker value (today's date, which the time picker ignores). */
const fromTime = (time: string): Dayjs => dayjs(`2000-01-01T${time}:00`);

export const emptyPromotionValues = (): TPromotionFormValues => ({
  title_ru: '',
  title_en: '',
  title_ky: '',
  image: [],
  initiator: undefined,
  merchant: null,
  stations: [],
  min_charge_amount: '0',
  min_charges_count: '0',
  discountKind: 'percent',
  discount_percent: '',
  discount_amount: '',
  period: null,
  happyHours: null,
  isActive: true,
});

export const toFormValues = (item: TPromotion): TPromotionFormValues => ({
  title_ru: item.title_ru,
  title_en: item.title_en,
  title_ky: item.title_ky,
  image: [{ uid: `stored-${String(item.id)}`, name: item.title_ru, url: item.image }],
  initiator: item.initiator,
  merchant: item.merchant,
  stations: item.stations,
  min_charge_amount: item.min_charge_amount,
  min_charges_count: String(item.min_charges_count),
  discountKind: item.discount_percent !== null ? 'percent' : 'amount',
  discount_percent: item.discount_percent === null ? '' : String(item.discount_percent),
  discount_amount: item.discount_amount ?? '',
  period: periodOf(item),
  happyHours: [fromTime(item.happy_hours_start), fromTime(item.happy_hours_end)],
  isActive: item.status === STATUS.active,
});

/**
 * The multipart body: every field (an edit sends them all too, so that the rules hold for what the screen shows),
 * the kind of discount not chosen as empty, and the image only when a new one was chosen.
 */
export const toFormData = (values: TPromotionFormValues): FormData => {
  const form = new FormData();
  form.append('title_ru', values.title_ru);
  form.append('title_en', values.title_en);
  form.append('title_ky', values.title_ky);
  form.append('initiator', values.initiator ?? '');
  form.append('merchant', values.merchant === null ? '' : String(values.merchant));
  if (values.stations.length > 0) {
    for (const id of values.stations) {
      form.append('stations', String(id));
    }
  } else {
    form.append('stations', '');
  }
  form.append('min_charge_amount', values.min_charge_amount.trim().replace(',', '.') || '0');
  form.append('min_charges_count', values.min_charges_count.trim() || '0');
  const isPercent = values.discountKind === 'percent';
  form.append('discount_percent', isPercent ? values.discount_percent.trim() : '');
  form.append('discount_amount', isPercent ? '' : values.discount_amount.trim().replace(',', '.'));
  for (const [name, value] of periodEntries(values.period)) {
    form.append(name, value);
  }
  if (values.happyHours) {
    form.append('happy_hours_start', values.happyHours[0].format('HH:mm'));
    form.append('happy_hours_end', values.happyHours[1].format('HH:mm'));
  }
  form.append('status', String(values.isActive ? STATUS.active : STATUS.inactive));
  const file = values.image[0]?.file;
  if (file) {
    form.append('image', file);
  }
  return form;
};

/** Where a 400's field goes on the form. */
export const FORM_FIELD_OF: Readonly<Record<string, keyof TPromotionFormValues>> = {
  ...PERIOD_FIELD_OF,
  happy_hours_start: 'happyHours',
  happy_hours_end: 'happyHours',
  status: 'isActive',
};
