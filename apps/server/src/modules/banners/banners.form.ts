import {
  BANNER_LIMITS,
  isFullscreenRatio,
  type TBannerType,
  ZBannerCreateFields,
  ZBannerUpdateFields,
  ZFullscreenCreateFields,
  ZFullscreenUpdateFields,
} from '@zaryad/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FieldErrors, type TMessage } from '../../http/api-errors';
import { readFormImage } from '../../platform/dated-catalogue';
import { type MultipartFormSpec, readMultipartForm, validateMultipartForm } from '../../platform/multipart';

export const IMAGE_FIELD = 'image';

const TEXT = { kind: 'text' } as const;

/**
 * Every field of both forms: the image (png or jpeg judged by its content, at most 256 KB, kept in memory to read its
 * size before it is stored), the texts, repeated `stations` and `categories`.
 */
export const BANNER_FORM: MultipartFormSpec = {
  fields: {
    type: TEXT,
    name: TEXT,
    merchant: TEXT,
    status: TEXT,
    start_date: TEXT,
    end_date: TEXT,
    source_link: TEXT,
    button_name: TEXT,
    button_color: TEXT,
    stations: { kind: 'repeated', maxCount: BANNER_LIMITS.stations },
    link: TEXT,
    categories: { kind: 'repeated', maxCount: 10 },
    destination: TEXT,
    [IMAGE_FIELD]: {
      kind: 'file',
      accept: [{ formats: ['png', 'jpeg'], maxBytes: BANNER_LIMITS.imageMaxBytes, tooLarge: 'image_too_large_256' }],
      invalidType: 'image_type_invalid',
      maxCount: 1,
      keep: 'memory',
    },
  },
};

/** Fields of the other type are not this form's: they answer 'unknown_field' instead of being dropped silently. */
const OTHER_TYPE_FIELDS: Record<TBannerType, readonly string[]> = {
  banner: ['link', 'categories', 'destination'],
  fullscreen: ['source_link', 'button_name', 'button_color', 'stations'],
};

export type { UploadedImage } from '../../platform/dated-catalogue';

export type TBannerCreate =
  | { type: 'banner'; fields: z.output<typeof ZBannerCreateFields> }
  | { type: 'fullscreen'; fields: z.output<typeof ZFullscreenCreateFields> };

export type TBannerUpdate =
  | { type: 'banner'; fields: z.output<typeof ZBannerUpdateFields> }
  | { type: 'fullscreen'; fields: z.output<typeof ZFullscreenUpdateFields> };

const ZType = z.enum(['banner', 'fullscreen'], { message: 'invalid_choice' });

/**
 * Reads and validates the form of one type: the contract's messages for the texts, then the image's own rules (a
 * readable png or jpeg; for a fullscreen 9:19.5 within 1%). Any error answers 400 with every field's messages.
 */
const readForm = async <T extends z.ZodType>(
  request: FastifyRequest,
  schemaOf: (type: TBannerType) => T,
  options: { isImageRequired: boolean; storedType?: TBannerType },
) => {
  const form = await readMultipartForm(request, BANNER_FORM);
  const extra: Record<string, TMessage[]> = {};
  const sentType = form.values.type;
  let type: TBannerType = options.storedType ?? 'banner';
  if (options.storedType) {
    if (sentType !== undefined && sentType !== options.storedType) {
      extra.type = ['banner_type_change'];
    }
  } else {
    const parsedType = ZType.safeParse(sentType ?? '');
    if (parsedType.success) {
      type = parsedType.data;
    } else {
      extra.type = [sentType === undefined ? 'required' : 'invalid_choice'];
    }
  }
  for (const field of OTHER_TYPE_FIELDS[type]) {
    if (form.values[field] !== undefined) {
      extra[field] = ['unknown_field'];
    }
  }
  const image = readFormImage(form, IMAGE_FIELD, extra, {
    isRequired: options.isImageRequired,
    checkSize: (width, height) =>
      type === 'fullscreen' && !isFullscreenRatio(width, height) ? 'fullscreen_ratio' : null,
  });
  const { type: _type, ...values } = form.values;
  const fields = await validateMultipartForm({ ...form, values }, schemaOf(type), extra);
  if (options.isImageRequired && !image) {
    throw new FieldErrors({ [IMAGE_FIELD]: ['image_required'] });
  }
  return { type, fields, image };
};

/** POST /ads/banners/: `type` (banner or fullscreen), its fields and a required `image`. */
export const readCreateForm = async (request: FastifyRequest) => {
  const { type, fields, image } = await readForm(
    request,
    (kind) => (kind === 'banner' ? ZBannerCreateFields : ZFullscreenCreateFields),
    { isImageRequired: true },
  );
  if (!image) {
    throw new FieldErrors({ [IMAGE_FIELD]: ['image_required'] });
  }
  return { create: { type, fields } as TBannerCreate, image };
};

/** PATCH /ads/banners/{id}/: the stored item's type decides the form; a new `image` replaces the old one. */
export const readUpdateForm = async (request: FastifyRequest, storedType: TBannerType) => {
  const { type, fields, image } = await readForm(
    request,
    (kind) => (kind === 'banner' ? ZBannerUpdateFields : ZFullscreenUpdateFields),
    { isImageRequired: false, storedType },
  );
  return { update: { type, fields } as TBannerUpdate, image };
};
