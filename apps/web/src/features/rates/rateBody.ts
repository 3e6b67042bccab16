import {
  ZTariffPeriodInput,
  type TRate,
  type TRateCreateBody,
  type TRateType,
  type TRateVersionBody,
  type TTariff,
  type TTariffComponent,
  type TTariffPeriodInput,
  type TValidationErrorBody,
} from '@zaryad/contracts';
import type { FormRule } from 'antd';
import type { TPlaceFieldErrors, TPlacedFieldErrors } from '@/components/form-shell/placeFieldErrors';
import { contractMessage } from '@/lib/contractMessage';

/**
 * A period as the form holds it: text inputs are '' when empty, the power bounds null; the body sends null (no
 * restriction) for an empty one (packages/contracts/src/rates.ts, ZTariffPeriodInput).
 */
export type TPeriodRow = {
  component: TTariffComponent;
  price: string;
  start_time: string;
  end_time: string;
  weekdays: number[];
  start_date: string;
  end_date: string;
  min_power_kw: number | null;
  max_power_kw: number | null;
};

/** The price's components as the form holds them: min and max cost '' for none. */
export type TPriceFormValues = {
  fee: string;
  time_fee: string;
  idle_fee: string;
  idle_grace_minutes: number;
  session_fee: string;
  min_cost: string;
  max_cost: string;
  periods: TPeriodRow[];
};

export type TRateFormValues = TPriceFormValues & {
  name: string;
  rate_type: TRateType;
  typo: string | undefined;
  merchant_id: number | null;
};

/** A new period row: energy, no restriction yet (the user adds at least one). */
export const EMPTY_PERIOD: TPeriodRow = {
  component: 'energy',
  price: '',
  start_time: '',
  end_time: '',
  weekdays: [],
  start_date: '',
  end_date: '',
  min_power_kw: null,
  max_power_kw: null,
};

/** The form's components of a price as answered (a rate's version in force, a version of its history). */
export const toPriceFormValues = (price: TTariff | undefined): TPriceFormValues => ({
  fee: price?.fee ?? '',
  time_fee: price?.time_fee ?? '0.00',
  idle_fee: price?.idle_fee ?? '0.00',
  idle_grace_minutes: price?.idle_grace_minutes ?? 0,
  session_fee: price?.session_fee ?? '0.00',
  min_cost: price?.min_cost ?? '',
  max_cost: price?.max_cost ?? '',
  periods: (price?.periods ?? []).map((period) => ({
    component: period.component,
    price: period.price,
    start_time: period.start_time ?? '',
    end_time: period.end_time ?? '',
    weekdays: period.weekdays,
    start_date: period.start_date ?? '',
    end_date: period.end_date ?? '',
    min_power_kw: period.min_power_kw,
    max_power_kw: period.max_power_kw,
  })),
});

export const toRateFormValues = (rate: TRate | undefined): TRateFormValues => ({
  name: rate?.name ?? '',
  rate_type: rate?.rate_type ?? 'personal',
  typo: rate?.typo,
  merchant_id: rate?.merchant_id ?? null,
  ...toPriceFormValues(rate),
});

const textOrNull = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

const powerOrNull = (value: number | null | undefined) => (typeof value === 'number' ? value : null);

/** A period row as the API takes it: empty restrictions as null. */
export const toPeriodBody = (row: TPeriodRow) => ({
  component: row.component,
  price: row.price.trim(),
  start_time: textOrNull(row.start_time),
  end_time: textOrNull(row.end_time),
  weekdays: [...(row.weekdays ?? [])].sort((left, right) => left - right),
  start_date: textOrNull(row.start_date),
  end_date: textOrNull(row.end_date),
  min_power_kw: powerOrNull(row.min_power_kw),
  max_power_kw: powerOrNull(row.max_power_kw),
});

/** The components of a price as the API takes them. */
export const toPriceBody = (values: TPriceFormValues) => ({
  fee: values.fee.trim(),
  time_fee: values.time_fee.trim(),
  idle_fee: values.idle_fee.trim(),
  idle_grace_minutes: values.idle_grace_minutes,
  session_fee: values.session_fee.trim(),
  min_cost: textOrNull(values.min_cost),
  max_cost: textOrNull(values.max_cost),
  periods: (values.periods ?? []).map(toPeriodBody),
});

type TPriceBody = ReturnType<typeof toPriceBody>;

/** Two prices are the same when every amount is the same number of som and every period the same. */
const samePrice = (left: TPriceBody, right: TPriceBody) => {
  const amount = (value: string | null) => (value === null ? null : Number(value));
  const normal = (body: TPriceBody) =>
    JSON.stringify({
      ...body,
      fee: amount(body.fee),
      time_fee: amount(body.time_fee),
      idle_fee: amount(body.idle_fee),
      session_fee: amount(body.session_fee),
      min_cost: amount(body.min_cost),
      max_cost: amount(body.max_cost),
      periods: body.periods.map((period) => ({ ...period, price: amount(period.price) })),
    });
  return normal(left) === normal(right);
};

/**
 * The create or update body. A merchant only for a default tariff. On update the price is sent only when it changed:
 * a price sent makes a new version in force from now (ZRateUpdateBody), renaming a tariff should not.
 */
export const toRateBody = (values: TRateFormValues, rate?: TRate): TRateCreateBody => {
  const price = toPriceBody(values);
  const head = {
    name: values.name.trim(),
    rate_type: values.rate_type,
    typo: values.typo ?? '',
    merchant_id: values.rate_type === 'default' ? (values.merchant_id ?? null) : null,
  };
  if (rate && samePrice(price, toPriceBody(toPriceFormValues(rate)))) {
    return head as TRateCreateBody;
  }
  return { ...head, ...price };
};

/** The body of a new version: from `effective_from` (now when absent) with every component. */
export const toVersionBody = (values: TPriceFormValues, effectiveFrom: string | null): TRateVersionBody => ({
  ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
  ...toPriceBody(values),
});

/** A path of the form as the server names it (`periods.0.end_time`, dotted: apps/server/src/http/validation.ts). */
const PERIOD_PATH = /^periods\.(\d+)(?:\.([a-z_]+))?(?:\.\d+)?$/;
const PERIOD_FIELDS = new Set<string>(Object.keys(EMPTY_PERIOD));

/**
 * Where a 400's messages go on a price form: `periods.0.end_time` on that row's field, `periods.0.weekdays.2` on its
 * weekdays, a row's own message (`periods.0`) on its component, `periods` under the list; the rest by name.
 */
export const placePriceErrors =
  (rowCount: () => number): TPlaceFieldErrors =>
  (body: TValidationErrorBody, formFields: ReadonlySet<string>): TPlacedFieldErrors => {
    const placed: TPlacedFieldErrors = { fields: [], rest: [] };
    for (const [name, messages] of Object.entries(body)) {
      if (messages.length === 0) {
        continue;
      }
      const match = PERIOD_PATH.exec(name);
      const index = match ? Number(match[1]) : -1;
      if (match && index < rowCount()) {
        const field = match[2] !== undefined && PERIOD_FIELDS.has(match[2]) ? match[2] : 'component';
        placed.fields.push({ name: ['periods', index, field], errors: messages });
      } else if (formFields.has(name)) {
        placed.fields.push({ name, errors: messages });
      } else {
        placed.rest.push(...messages);
      }
    }
    return placed;
  };

/**
 * The checks of a period across its fields (a time range given whole and not empty, dates and power in order, at
 * least one restriction), by the contract's own ZTariffPeriodInput: the message of the issue on `field`, if any.
 * The format of each field is its own rule's; this one reports the contract's cross-field (custom) issues only.
 */
export const periodIssue = (row: TPeriodRow | undefined, field: keyof TPeriodRow): string | null => {
  if (!row) {
    return null;
  }
  const body: TTariffPeriodInput = toPeriodBody(row);
  const result = ZTariffPeriodInput.safeParse(body);
  if (result.success) {
    return null;
  }
  const issue = result.error.issues.find((item) => item.code === 'custom' && item.path[0] === field);
  return issue ? issue.message : null;
};

/** An antd rule of one field of period row `index` running periodIssue on the row as it is now. */
export const periodRule =
  (index: number, field: keyof TPeriodRow): FormRule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const issue = periodIssue(getFieldValue(['periods', index]) as TPeriodRow | undefined, field);
      if (issue) {
        throw new Error(contractMessage(issue));
      }
    },
  });
