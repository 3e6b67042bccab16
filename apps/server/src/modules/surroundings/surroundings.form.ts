import { ICON_MAX_BYTES, ZSurroundingFields, ZSurroundingUpdateFields } from '@zaryad/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { FieldErrors, type TMessage } from '../../http/api-errors';
import { type MultipartForm, type MultipartFormSpec, readMultipartForm, validateMultipartForm } from '../../platform/multipart';
import { sanitizeSvg } from '../media';

export const ICON_FIELD = 'icon';

/**
 * Titles and one svg icon of at most 256 KB, kept in memory to be sanitised before it is stored. Other text fields
 * are ignored, as they always were on this form.
 */
export const SURROUNDING_FORM: MultipartFormSpec = {
  fields: {
    title_ru: { kind: 'text' },
    title_en: { kind: 'text' },
    title_ky: { kind: 'text' },
    [ICON_FIELD]: {
      kind: 'file',
      accept: [{ formats: ['svg'], maxBytes: ICON_MAX_BYTES, tooLarge: 'image_too_large_256' }],
      invalidType: 'svg_only',
      maxCount: 1,
      keep: 'memory',
    },
  },
  unknownText: 'ignore',
};

/** The sanitised icon, or the icon's error when its content is not a well-formed svg. */
const sanitizedIcon = (form: MultipartForm): { svg: string | undefined; errors: Record<string, TMessage[]> } => {
  const file = form.files[ICON_FIELD]?.[0];
  if (!file || file.isStored) {
    return { svg: undefined, errors: {} };
  }
  const result = sanitizeSvg(file.bytes);
  return result.ok ? { svg: result.svg, errors: {} } : { svg: undefined, errors: { [ICON_FIELD]: ['svg_only'] } };
};

/** Validates the titles with the contract (the same translated messages as JSON routes) and the icon's content. */
const readForm = async <T extends z.ZodType>(request: FastifyRequest, schema: T, isIconRequired: boolean) => {
  const form = await readMultipartForm(request, SURROUNDING_FORM);
  const icon = form.errors[ICON_FIELD] ? { svg: undefined, errors: {} } : sanitizedIcon(form);
  const isMissing = isIconRequired && !form.errors[ICON_FIELD] && !form.files[ICON_FIELD]?.length;
  const body = await validateMultipartForm(form, schema, isMissing ? { [ICON_FIELD]: ['icon_required'] } : icon.errors);
  return { body, icon: icon.svg };
};

/** POST: titles and a required `icon` file, svg only, at most 256 KB; answers the sanitised svg. */
export const readCreateForm = async (request: FastifyRequest) => {
  const { body, icon } = await readForm(request, ZSurroundingFields, true);
  if (icon === undefined) {
    throw new FieldErrors({ [ICON_FIELD]: ['icon_required'] });
  }
  return { body, icon };
};

/** PATCH: only the fields sent; a new `icon` file replaces the old one. */
export const readUpdateForm = async (request: FastifyRequest) => readForm(request, ZSurroundingUpdateFields, false);
