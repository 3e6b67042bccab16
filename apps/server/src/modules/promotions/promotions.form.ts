import { PROMOTION_LIMITS } from '@zaryad/contracts';
import { ZPromotionCreateFields, ZPromotionUpdateFields } from '@zaryad/contracts/promotions';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { FieldErrors, type TMessage } from '../../http/api-errors';
import { readFormImage } from '../../platform/dated-catalogue';
import { type MultipartFormSpec, readMultipartForm, validateMultipartForm } from '../../platform/multipart';

export const IMAGE_FIELD = 'image';

const TEXT = { kind: 'text' } as const;

/** The promotion form: texts, repeated `stations`, and the image (png or jpeg by content, at most 256 KB). */
export const PROMOTION_FORM: MultipartFormSpec = {
  fields: {
    title_ru: TEXT,
    title_en: TEXT,
    title_ky: TEXT,
    initiator: TEXT,
    merchant: TEXT,
    stations: { kind: 'repeated', maxCount: PROMOTION_LIMITS.stations },
    min_charge_amount: TEXT,
    min_charges_count: TEXT,
    discount_percent: TEXT,
    discount_amount: TEXT,
    start_date: TEXT,
    end_date: TEXT,
    happy_hours_start: TEXT,
    happy_hours_end: TEXT,
    status: TEXT,
    [IMAGE_FIELD]: {
      kind: 'file',
      accept: [{ formats: ['png', 'jpeg'], maxBytes: PROMOTION_LIMITS.imageMaxBytes, tooLarge: 'image_too_large_256' }],
      invalidType: 'image_type_invalid',
      maxCount: 1,
      keep: 'memory',
    },
  },
};

export type { UploadedImage } from '../../platform/dated-catalogue';

export type TPromotionCreate = z.output<typeof ZPromotionCreateFields>;
export type TPromotionUpdate = z.output<typeof ZPromotionUpdateFields>;

const readForm = async <T extends z.ZodType>(request: FastifyRequest, schema: T, isImageRequired: boolean) => {
  const form = await readMultipartForm(request, PROMOTION_FORM);
  const extra: Record<string, TMessage[]> = {};
  const image = readFormImage(form, IMAGE_FIELD, extra, { isRequired: isImageRequired });
  const fields = await validateMultipartForm(form, schema, extra);
  return { fields, image };
};

/** POST /ads/promotions/: every field and a required `image`. */
export const readCreateForm = async (request: FastifyRequest) => {
  const { fields, image } = await readForm(request, ZPromotionCreateFields, true);
  if (!image) {
    throw new FieldErrors({ [IMAGE_FIELD]: ['image_required'] });
  }
  return { fields, image };
};

/** PATCH /ads/promotions/{id}/: only what is sent; a new `image` replaces the old one. */
export const readUpdateForm = async (request: FastifyRequest) => readForm(request, ZPromotionUpdateFields, false);
