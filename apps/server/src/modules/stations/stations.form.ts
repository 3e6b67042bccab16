import {
  CONNECTOR_INPUT_KEYS,
  SCHEDULE_ENTRY_KEYS,
  STATION_LIMITS,
  STATION_SCALAR_FIELDS,
  ZStationCreateFields,
  ZStationUpdateFields,
} from '@zaryad/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FileStorage } from '../media';
import {
  type FileRule,
  type MultipartFormSpec,
  readMultipartForm,
  type TFieldSpec,
  validateMultipartForm,
} from '../../platform/multipart';

export type TStationCreate = z.output<typeof ZStationCreateFields>;
export type TStationUpdate = z.output<typeof ZStationUpdateFields>;

export const AVATAR_FIELD = 'avatar';
export const MEDIA_FIELD = 'media_files';

const PHOTOS: FileRule = {
  formats: ['png', 'jpeg'],
  maxBytes: STATION_LIMITS.photoMaxBytes,
  tooLarge: 'image_too_large_2mb',
};
const VIDEOS: FileRule = { formats: ['mp4'], maxBytes: STATION_LIMITS.videoMaxBytes, tooLarge: 'video_too_large' };

const text = (names: readonly string[]): Record<string, TFieldSpec> =>
  Object.fromEntries(names.map((name) => [name, { kind: 'text' } satisfies TFieldSpec]));

const COMMON_FIELDS: Record<string, TFieldSpec> = {
  ...text(STATION_SCALAR_FIELDS),
  tags: { kind: 'repeated' },
  environment: { kind: 'repeated' },
  schedule: { kind: 'objects', keys: [...SCHEDULE_ENTRY_KEYS] },
  // The avatar is a photo only; the media files are photos and videos, at most 10 per request.
  [AVATAR_FIELD]: { kind: 'file', accept: [PHOTOS], invalidType: 'image_type_invalid', maxCount: 1, keep: 'storage' },
  [MEDIA_FIELD]: {
    kind: 'file',
    indexedKey: 'content',
    accept: [PHOTOS, VIDEOS],
    invalidType: 'media_type_invalid',
    maxCount: STATION_LIMITS.mediaMaxFiles,
    tooMany: `media_too_many:${STATION_LIMITS.mediaMaxFiles}`,
    keep: 'storage',
  },
};

export const STATION_CREATE_FORM: MultipartFormSpec = {
  fields: { ...COMMON_FIELDS, ...text(['merchant']), connectors: { kind: 'objects', keys: [...CONNECTOR_INPUT_KEYS] } },
};

// Connectors change through their own call on edit (PATCH /stations/update/{id}/connectors/).
export const STATION_UPDATE_FORM: MultipartFormSpec = {
  fields: { ...COMMON_FIELDS, ...text(['delete_tags', 'delete_environment']), deleted_media_ids: { kind: 'list' } },
};

export interface StoredMedia {
  path: string;
  kind: 'image' | 'video';
}

/** Files of one request, stored as they streamed in; `discard` removes them when the request is refused. */
export interface StationUploads {
  avatar: string | undefined;
  media: StoredMedia[];
  discard(): Promise<void>;
}

const readStationForm = async (request: FastifyRequest, storage: FileStorage, spec: MultipartFormSpec) => {
  const form = await readMultipartForm(request, spec, { storage });
  const stored = (name: string) =>
    (form.files[name] ?? []).flatMap((file) =>
      // The station's rules take images and videos only; a plain file never reaches here.
      file.isStored && file.kind !== 'file' ? [{ path: file.path, kind: file.kind }] : [],
    );
  const uploads: StationUploads = {
    avatar: stored(AVATAR_FIELD)[0]?.path,
    media: stored(MEDIA_FIELD),
    discard: form.discard,
  };
  return { form, uploads };
};

/** POST /stations/: every field, at least one image among the media files. */
export const readStationCreateForm = async (request: FastifyRequest, storage: FileStorage) => {
  const { form, uploads } = await readStationForm(request, storage, STATION_CREATE_FORM);
  const hasImage = uploads.media.some((media) => media.kind === 'image');
  const body = await validateMultipartForm(
    form,
    ZStationCreateFields,
    hasImage || form.errors[MEDIA_FIELD] ? {} : { [MEDIA_FIELD]: ['media_required'] },
  );
  return { body, uploads };
};

/** PATCH /stations/update/{id}/: only the fields sent; the media count is checked against the stored files later. */
export const readStationUpdateForm = async (request: FastifyRequest, storage: FileStorage) => {
  const { form, uploads } = await readStationForm(request, storage, STATION_UPDATE_FORM);
  const body = await validateMultipartForm(form, ZStationUpdateFields);
  return { body, uploads };
};
