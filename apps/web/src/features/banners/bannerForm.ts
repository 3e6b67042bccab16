import {
  STATUS,
  type TBannerItem,
  type TBannerType,
  type TFullscreenCategory,
  type TFullscreenDestination,
} from '@zaryad/contracts';
import dayjs from 'dayjs';
import type { TImageItem } from '@/components';
import { PERIOD_FIELD_OF, periodEntries, periodOf, type TPeriodValue } from '@/components/period-field/periodValue';

/** The banner and fullscreen forms' values; each form uses its type's fields. */
export type TBannerFormValues = {
  name: string;
  image: TImageItem[];
  merchant: number | null;
  isActive: boolean;
  period: TPeriodValue;
  source_link: string;
  button_name: string;
  button_color: string;
  stations: number[];
  link: string;
  categories: TFullscreenCategory[];
  destination: TFullscreenDestination;
};

export const DEFAULT_BUTTON_COLOR = '#22A699';

export const emptyBannerValues = (): TBannerFormValues => ({
  name: '',
  image: [],
  merchant: null,
  isActive: true,
  period: null,
  source_link: '',
  button_name: '',
  button_color: DEFAULT_BUTTON_COLOR,
  stations: [],
  link: '',
  categories: [],
  destination: 'browser',
});

export const toFormValues = (item: TBannerItem): TBannerFormValues => ({
  ...emptyBannerValues(),
  name: item.name,
  image: [{ uid: `stored-${String(item.id)}`, name: item.name, url: item.image }],
  merchant: item.merchant,
  isActive: item.status === STATUS.active,
  period: periodOf(item),
  ...(item.type === 'banner'
    ? {
        source_link: item.source_link,
        button_name: item.button_name,
        button_color: item.button_color,
        stations: item.stations,
      }
    : { link: item.link, categories: item.categories, destination: item.destination }),
});

const TYPE_FIELDS: Record<TBannerType, readonly (keyof TBannerFormValues)[]> = {
  banner: ['source_link', 'button_name', 'button_color', 'stations'],
  fullscreen: ['link', 'categories', 'destination'],
};

type TEntries = [string, string | File][];

const entriesOf = (values: TBannerFormValues, field: keyof TBannerFormValues): TEntries => {
  switch (field) {
    case 'image': {
      const file = values.image[0]?.file;
      return file ? [['image', file]] : [];
    }
    case 'merchant':
      return [['merchant', values.merchant === null ? '' : String(values.merchant)]];
    case 'isActive':
      return [['status', String(values.isActive ? STATUS.active : STATUS.inactive)]];
    case 'period':
      return periodEntries(values.period);
    case 'stations':
      // An empty value says "none" (the server clears the list).
      return values.stations.length > 0 ? values.stations.map((id) => ['stations', String(id)]) : [['stations', '']];
    case 'categories':
      return values.categories.map((category) => ['categories', category]);
    default:
      return [[field, String(values[field])]];
  }
};

const SHARED_FIELDS: readonly (keyof TBannerFormValues)[] = ['name', 'image', 'merchant', 'isActive', 'period'];

const isSame = (a: unknown, b: unknown): boolean => {
  if (dayjs.isDayjs(a) || dayjs.isDayjs(b)) {
    return dayjs.isDayjs(a) && dayjs.isDayjs(b) && a.isSame(b);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isSame(item, b[index]));
  }
  return a === b;
};

/**
 * The multipart body of a create (every field of the type, `type` first) or of an edit (only the fields that
 * changed; a new image only when one was chosen).
 */
export const toFormData = (type: TBannerType, values: TBannerFormValues, initial?: TBannerFormValues): FormData => {
  const form = new FormData();
  if (!initial) {
    form.append('type', type);
  }
  for (const field of [...SHARED_FIELDS, ...TYPE_FIELDS[type]]) {
    const isChanged =
      !initial || (field === 'image' ? values.image[0]?.file !== undefined : !isSame(values[field], initial[field]));
    if (!isChanged) {
      continue;
    }
    for (const [name, value] of entriesOf(values, field)) {
      form.append(name, value);
    }
  }
  return form;
};

/** Where a 400's field goes on the form: the dates on the period, the status on its switch. */
export const FORM_FIELD_OF: Readonly<Record<string, keyof TBannerFormValues>> = {
  ...PERIOD_FIELD_OF,
  status: 'isActive',
};
