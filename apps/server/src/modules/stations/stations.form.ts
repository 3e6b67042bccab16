import { STATION_LIMITS, ZStationCreateFields, ZStationUpdateFields } from '@zaryad/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { FieldErrors, type TMessage } from '../../http/api-errors';
import { issuesToFields } from '../../http/validation';
import type { FileStorage } from '../media/file-storage';
import { IndexedFormValues, type IndexedFormShape, multipartParts, parseFieldName } from './indexed-multipart';
import { storeUpload, type UploadStream } from './media-upload';

export type TStationCreate = z.output<typeof ZStationCreateFields>;
export type TStationUpdate = z.output<typeof ZStationUpdateFields>;

/**
 * Multipart limits of the station form. A file may run past its format's limit (checked while streaming); the
 * plugin's cap is the video limit plus one byte, enough to tell a video is too large. Files: an avatar and at most
 * 10 media files, plus room to answer "too many" instead of a bare 413.
 */
export const STATION_MULTIPART_LIMITS = {
  fileSize: STATION_LIMITS.videoMaxBytes + 1,
  files: STATION_LIMITS.mediaMaxFiles + 6,
  fields: 1200,
  fieldSize: 4 * 1024,
  parts: 1300,
  headerPairs: 100,
};

export const AVATAR_FIELD = 'avatar';
export const MEDIA_FIELD = 'media_files';

const COMMON_SCALARS = [
  'identity',
  'password',
  'pic',
  'name_ru',
  'name_en',
  'name_ky',
  'address_ru',
  'address_en',
  'address_ky',
  'latitude',
  'longitude',
  'manufacturer',
  'execution_type',
  'is_gas_station',
  'status',
  'is_new',
  'country',
  'city',
];
const SCHEDULE_KEYS = new Set(['day', 'start_time', 'end_time', 'is_break']);
const CONNECTOR_KEYS = new Set([
  'evse_id',
  'connector_id',
  'ocpp_16_id',
  'evse_label',
  'typo',
  'position',
  'power_kWh',
  'cable_length',
  'custom_fee',
]);

const CREATE_SHAPE: IndexedFormShape = {
  scalars: new Set(['merchant', ...COMMON_SCALARS]),
  repeated: new Set(['tags', 'environment']),
  indexedScalars: new Set(),
  indexedObjects: { schedule: SCHEDULE_KEYS, connectors: CONNECTOR_KEYS },
  singleFiles: new Set([AVATAR_FIELD]),
  indexedFiles: { [MEDIA_FIELD]: 'content' },
};

// Connectors change through their own call on edit (PATCH /stations/update/{id}/connectors/).
const UPDATE_SHAPE: IndexedFormShape = {
  scalars: new Set([...COMMON_SCALARS, 'delete_tags', 'delete_environment']),
  repeated: new Set(['tags', 'environment']),
  indexedScalars: new Set(['deleted_media_ids']),
  indexedObjects: { schedule: SCHEDULE_KEYS },
  singleFiles: new Set([AVATAR_FIELD]),
  indexedFiles: { [MEDIA_FIELD]: 'content' },
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

interface RawStationForm {
  values: IndexedFormValues;
  uploads: StationUploads;
  errors: Record<string, TMessage[]>;
}

const IMAGES_ONLY: ReadonlySet<'image' | 'video'> = new Set(['image']);
const IMAGES_AND_VIDEOS: ReadonlySet<'image' | 'video'> = new Set(['image', 'video']);

const drain = async (stream: UploadStream) => {
  for await (const chunk of stream) {
    void chunk;
  }
};

const readStationMultipart = async (request: FastifyRequest, storage: FileStorage, shape: IndexedFormShape): Promise<RawStationForm> => {
  const values = new IndexedFormValues();
  const errors: Record<string, TMessage[]> = {};
  const stored: string[] = [];
  const uploads: StationUploads = {
    avatar: undefined,
    media: [],
    async discard() {
      await Promise.all(stored.map((path) => storage.deleteFile(path)));
    },
  };
  const addError = (field: string, message: TMessage) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) {
      list.push(message);
    }
  };
  try {
    for await (const part of multipartParts(request)) {
      const parsed = parseFieldName(part.fieldname, shape);
      if (part.type === 'file') {
        const isFileField = parsed.type === 'singleFile' || parsed.type === 'indexedFile';
        // A browser sends an empty, nameless file part when no file was chosen: that is "no file", not a bad one.
        if (!isFileField || !part.filename) {
          await drain(part.file);
          if (!isFileField) {
            addError(part.fieldname, 'unknown_field');
          }
          continue;
        }
        const isAvatar = parsed.type === 'singleFile';
        if (!isAvatar && uploads.media.length >= STATION_LIMITS.mediaMaxFiles) {
          await drain(part.file);
          addError(MEDIA_FIELD, `media_too_many:${STATION_LIMITS.mediaMaxFiles}`);
          continue;
        }
        const result = await storeUpload(part.file, storage, isAvatar ? IMAGES_ONLY : IMAGES_AND_VIDEOS);
        if (!result.ok) {
          addError(isAvatar ? AVATAR_FIELD : MEDIA_FIELD, result.message);
        } else {
          stored.push(result.path);
          if (isAvatar) {
            if (uploads.avatar) {
              addError(AVATAR_FIELD, 'invalid');
            }
            uploads.avatar = result.path;
          } else {
            uploads.media.push({ path: result.path, kind: result.kind });
          }
        }
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : '';
      if (parsed.type === 'singleFile' || parsed.type === 'indexedFile') {
        // Clients that keep the current file may send the field empty; text in it is not a file.
        if (value !== '') {
          addError(parsed.type === 'singleFile' ? AVATAR_FIELD : MEDIA_FIELD, parsed.type === 'singleFile' ? 'image_type_invalid' : 'media_type_invalid');
        }
        continue;
      }
      // PostgreSQL text cannot hold NUL; a cut value is not what the client meant.
      if (value.includes('\u0000') || part.valueTruncated) {
        addError(part.fieldname, 'invalid');
        continue;
      }
      values.add(parsed, part.fieldname, value);
    }
  } catch (error) {
    await uploads.discard();
    throw error;
  }
  return { values, uploads, errors };
};

/** Validates the text fields with the contract, so that the messages are those of every JSON route. */
const validate = async <T extends z.ZodType>(raw: RawStationForm, schema: T, extra: Record<string, TMessage[]> = {}) => {
  const errors: Record<string, TMessage[]> = { ...raw.values.errors, ...raw.errors };
  const parsed = safeParse(schema, raw.values.toObject(), { reportInput: true });
  if (parsed.error) {
    for (const [field, messages] of Object.entries(issuesToFields(parsed.error.issues))) {
      errors[field] ??= messages;
    }
  }
  for (const [field, messages] of Object.entries(extra)) {
    errors[field] ??= messages;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) {
    await raw.uploads.discard();
    throw new FieldErrors(errors);
  }
  return parsed.data;
};

/** POST /stations/: every field, at least one image among the media files. */
export const readStationCreateForm = async (request: FastifyRequest, storage: FileStorage) => {
  const raw = await readStationMultipart(request, storage, CREATE_SHAPE);
  const hasImage = raw.uploads.media.some((media) => media.kind === 'image');
  const body = await validate(raw, ZStationCreateFields, hasImage || raw.errors[MEDIA_FIELD] ? {} : { [MEDIA_FIELD]: ['media_required'] });
  return { body, uploads: raw.uploads };
};

/** PATCH /stations/update/{id}/: only the fields sent; the media count is checked against the stored files later. */
export const readStationUpdateForm = async (request: FastifyRequest, storage: FileStorage) => {
  const raw = await readStationMultipart(request, storage, UPDATE_SHAPE);
  const body = await validate(raw, ZStationUpdateFields);
  return { body, uploads: raw.uploads };
};
