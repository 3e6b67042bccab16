import {
  STATUS,
  type TCatalogueRef,
  type TMerchant,
  type TMerchantCreateBody,
  type TMerchantForUpdate,
  type TMerchantUpdateBody,
  type TScheduleEntry,
  type TStatus,
} from '@zaryad/contracts';
import { flattenSchedule } from '@/features/schedule';

export type TMerchantFormValues = {
  name: string;
  agreement_number: string;
  legal_entity: string;
  country?: number;
  city?: number;
  district: string;
  street: string;
  phone: string;
  email: string;
  /** InputNumber in string mode: exact decimals, '' or null while empty. */
  percentage: string | null;
  status: TStatus;
  schedule: TScheduleEntry[];
  tags: TCatalogueRef[];
  environment: TCatalogueRef[];
};

export const emptyMerchantValues = (): TMerchantFormValues => ({
  name: '',
  agreement_number: '',
  legal_entity: '',
  district: '',
  street: '',
  phone: '',
  email: '',
  percentage: null,
  status: STATUS.active,
  schedule: [],
  tags: [],
  environment: [],
});

/**
 * The edit form's values: the stored fields from GET /merchants/for-update/{id}/, and the tag and
 * infrastructure titles from the merchant's detail (the for-update answer carries only their ids).
 */
export const toFormValues = (stored: TMerchantForUpdate, detail: TMerchant | undefined): TMerchantFormValues => {
  const refs = (ids: number[], known: TCatalogueRef[] = []) =>
    ids.map(
      (id) => known.find((item) => item.id === id) ?? { id, title_ru: `#${id}`, title_en: '', title_ky: '' },
    );
  return {
    name: stored.name,
    agreement_number: stored.agreement_number,
    legal_entity: stored.legal_entity,
    country: stored.country ?? undefined,
    city: stored.city ?? undefined,
    district: stored.district,
    street: stored.street,
    phone: stored.phone,
    email: stored.email,
    percentage: stored.percentage,
    status: stored.status,
    schedule: flattenSchedule(stored.schedule),
    tags: refs(stored.tags, detail?.tags),
    environment: refs(stored.environment, detail?.environment),
  };
};

/** Every field, in the API's shape (what create sends, and what edit compares). */
export const toCreateBody = (values: TMerchantFormValues): TMerchantCreateBody => ({
  name: values.name.trim(),
  agreement_number: values.agreement_number.trim(),
  legal_entity: values.legal_entity.trim(),
  country: values.country ?? 0,
  city: values.city ?? 0,
  district: values.district.trim(),
  street: values.street.trim(),
  phone: values.phone,
  email: values.email.trim(),
  percentage: values.percentage ?? '',
  status: values.status,
  schedule: values.schedule,
  tags: values.tags.map((item) => item.id),
  environment: values.environment.map((item) => item.id),
});

const sameValue = (left: unknown, right: unknown) => {
  if (typeof left === 'string' && typeof right === 'string' && !Number.isNaN(Number(left)) && left.trim() !== '') {
    // '12.50' and '12.5' are the same percentage.
    return Number(left) === Number(right);
  }
  return JSON.stringify(left) === JSON.stringify(right);
};

/** docs/product/merchants.md#4-states-and-rules (edit): only the fields that differ from the stored values are sent. */
export const toUpdateBody = (initial: TMerchantFormValues, values: TMerchantFormValues): TMerchantUpdateBody => {
  const before: Record<string, unknown> = toCreateBody(initial);
  const after: Record<string, unknown> = toCreateBody(values);
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => !sameValue(before[key], value)),
  ) as TMerchantUpdateBody;
};
