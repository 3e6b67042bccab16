import {
  STATUS,
  type EXECUTION_TYPES,
  type TCatalogueRef,
  type TScheduleEntry,
  type TStation,
  type TStatus,
} from '@zaryad/contracts';
import type { TImageItem } from '@/components';
import { flattenSchedule } from '@/features/schedule';

export type TExecutionType = (typeof EXECUTION_TYPES)[number];

/** A video already stored (`id`) or just chosen (`file`); videos are not cropped. */
export type TVideoItem = { uid: string; name: string; url: string; file?: File; id?: number };

/** Every field of the station form except the modules, which live in their own state (modules.ts). */
export type TStationFormValues = {
  name_ru: string;
  name_en: string;
  name_ky: string;
  address_ru: string;
  address_en: string;
  address_ky: string;
  pic: string;
  identity: string;
  /** On edit an empty password keeps the stored one. */
  password: string;
  status: TStatus;
  is_new: boolean;
  manufacturer: string;
  execution_type?: TExecutionType;
  is_gas_station: boolean;
  tags: TCatalogueRef[];
  environment: TCatalogueRef[];
  schedule: TScheduleEntry[];
  avatar: TImageItem[];
  photos: TImageItem[];
  videos: TVideoItem[];
  country?: number;
  city?: number;
  latitude: string;
  longitude: string;
};

export const emptyStationValues = (): TStationFormValues => ({
  name_ru: '',
  name_en: '',
  name_ky: '',
  address_ru: '',
  address_en: '',
  address_ky: '',
  pic: '',
  identity: '',
  password: '',
  status: STATUS.active,
  is_new: false,
  manufacturer: '',
  is_gas_station: false,
  tags: [],
  environment: [],
  schedule: [],
  avatar: [],
  photos: [],
  videos: [],
  latitude: '',
  longitude: '',
});

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** GET /stations/update/{id}/ as the form's values; the password stays empty (the server never answers it). */
export const stationToFormValues = (station: TStation): TStationFormValues => ({
  name_ru: station.name_ru,
  name_en: station.name_en,
  name_ky: station.name_ky,
  address_ru: station.address_ru,
  address_en: station.address_en,
  address_ky: station.address_ky,
  pic: station.pic,
  identity: station.identity,
  password: '',
  status: station.status,
  is_new: station.is_new,
  manufacturer: station.manufacturer,
  execution_type: station.execution_type,
  is_gas_station: station.is_gas_station,
  tags: station.tags,
  environment: station.environment,
  schedule: flattenSchedule(station.schedule),
  avatar: station.avatar ? [{ uid: 'avatar', name: fileName(station.avatar), url: station.avatar }] : [],
  photos: station.media_files
    .filter((media) => media.content === 'image')
    .map((media) => ({
      uid: `media-${media.id}`,
      id: media.id,
      name: fileName(media.content_path),
      url: media.content_path,
    })),
  videos: station.media_files
    .filter((media) => media.content === 'video')
    .map((media) => ({
      uid: `media-${media.id}`,
      id: media.id,
      name: fileName(media.content_path),
      url: media.content_path,
    })),
  country: station.country.id,
  city: station.city.id,
  latitude: station.latitude,
  longitude: station.longitude,
});
