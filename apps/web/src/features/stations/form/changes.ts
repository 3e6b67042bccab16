import { STATION_SCALAR_FIELDS, type TScheduleEntry, type TStationScalarField } from '@zaryad/contracts';
import type { TStationFormValues } from '@/features/stations/form/formValues';

/** docs/product/stations.md#7-calls: coordinates travel with 6 decimals; what is not a number goes as typed, for the server to refuse. */
export const formatCoordinate = (value: string) => {
  const trimmed = value.trim();
  const number = Number(trimmed);
  // eslint-disable-next-line zaryad/no-ad-hoc-number-format -- a coordinate as the API takes it, not a figure
  return trimmed === '' || Number.isNaN(number) ? trimmed : number.toFixed(6);
};

export const toScalars = (values: TStationFormValues): Record<TStationScalarField, string> => ({
  identity: values.identity.trim(),
  password: values.password,
  pic: values.pic.trim(),
  name_ru: values.name_ru.trim(),
  name_en: values.name_en.trim(),
  name_ky: values.name_ky.trim(),
  address_ru: values.address_ru.trim(),
  address_en: values.address_en.trim(),
  address_ky: values.address_ky.trim(),
  latitude: formatCoordinate(values.latitude),
  longitude: formatCoordinate(values.longitude),
  manufacturer: values.manufacturer.trim(),
  execution_type: values.execution_type ?? '',
  is_gas_station: String(values.is_gas_station),
  status: String(values.status),
  is_new: String(values.is_new),
  country: values.country === undefined ? '' : String(values.country),
  city: values.city === undefined ? '' : String(values.city),
});

/** What an edit sends: each part is present only when it changed. */
export type TStationChanges = {
  scalars: Partial<Record<TStationScalarField, string>>;
  /** The new list; an empty one is sent as delete_tags=true. */
  tags?: number[];
  environment?: number[];
  schedule?: TScheduleEntry[];
  deletedMediaIds: number[];
  newMedia: File[];
  avatar?: File;
};

const ids = (items: readonly { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);
const sameList = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length && left.every((value, index) => value === right[index]);

/** The editor may list days and breaks in any order: compare what they mean. */
const scheduleKey = (entries: readonly TScheduleEntry[]) =>
  JSON.stringify(
    [...entries]
      .map((entry) => [entry.day, entry.is_break ? 1 : 0, entry.start_time, entry.end_time] as const)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]),
  );

const storedMediaIds = (values: TStationFormValues) =>
  [...values.photos, ...values.videos].flatMap((item) => (item.id === undefined ? [] : [item.id]));

/** docs/product/stations.md#4-states-and-rules: on edit only the fields that differ from the stored station are sent. */
export const stationChanges = (initial: TStationFormValues, values: TStationFormValues): TStationChanges => {
  const before = toScalars(initial);
  const after = toScalars(values);
  const scalars: Partial<Record<TStationScalarField, string>> = {};
  for (const field of STATION_SCALAR_FIELDS) {
    // An empty password on edit keeps the stored one.
    const isKept = field === 'password' && after.password === '';
    if (!isKept && before[field] !== after[field]) {
      scalars[field] = after[field];
    }
  }
  const kept = new Set(storedMediaIds(values));
  const changes: TStationChanges = {
    scalars,
    deletedMediaIds: storedMediaIds(initial).filter((id) => !kept.has(id)),
    newMedia: [...values.photos, ...values.videos].flatMap((item) => (item.file ? [item.file] : [])),
  };
  if (!sameList(ids(initial.tags), ids(values.tags))) {
    changes.tags = ids(values.tags);
  }
  if (!sameList(ids(initial.environment), ids(values.environment))) {
    changes.environment = ids(values.environment);
  }
  if (scheduleKey(initial.schedule) !== scheduleKey(values.schedule)) {
    changes.schedule = values.schedule;
  }
  const avatar = values.avatar[0]?.file;
  if (avatar) {
    changes.avatar = avatar;
  }
  return changes;
};

export const hasStationChanges = (changes: TStationChanges) =>
  Object.keys(changes.scalars).length > 0 ||
  changes.tags !== undefined ||
  changes.environment !== undefined ||
  changes.schedule !== undefined ||
  changes.deletedMediaIds.length > 0 ||
  changes.newMedia.length > 0 ||
  changes.avatar !== undefined;
