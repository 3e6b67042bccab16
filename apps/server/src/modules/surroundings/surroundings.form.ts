import { ICON_MAX_BYTES, ZSurroundingFields, ZSurroundingUpdateFields } from '@zaryad/contracts';
// The multipart plugin's request methods (isMultipart, parts) are declared by its types.
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { ApiError, FieldErrors, type TMessage } from '../../http/api-errors';
import { issuesToFields } from '../../http/validation';
import { sanitizeSvg } from '../media/svg-sanitizer';

/** Multipart limits of the create/edit form. The file may exceed the icon limit by one byte: enough to tell it is too large. */
export const SURROUNDING_MULTIPART_LIMITS = {
  fileSize: ICON_MAX_BYTES + 1,
  files: 1,
  fields: 10,
  fieldSize: 4 * 1024,
  parts: 12,
  headerPairs: 100,
};

export const ICON_FIELD = 'icon';
const TEXT_FIELDS = new Set(['title_ru', 'title_en', 'title_ky']);

interface RawForm {
  fields: Record<string, string>;
  icon: Buffer | undefined;
  errors: Record<string, TMessage[]>;
}

const readMultipart = async (request: FastifyRequest): Promise<RawForm> => {
  if (!request.isMultipart()) {
    throw new ApiError(415, 'unsupported_media_type');
  }
  const form: RawForm = { fields: {}, icon: undefined, errors: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname !== ICON_FIELD) {
        form.errors[part.fieldname] = ['unknown_field'];
      } else if (part.file.truncated || bytes.length > ICON_MAX_BYTES) {
        form.errors[ICON_FIELD] = ['image_too_large_256'];
      } else if (bytes.length > 0 || part.filename) {
        // A browser sends an empty part without a name when no file was chosen: that is "no icon", not a bad one.
        form.icon = bytes;
      }
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : '';
    if (part.fieldname === ICON_FIELD) {
      // Clients that keep the current icon may send the field empty; text in it is not an image.
      if (value !== '') {
        form.errors[ICON_FIELD] = ['svg_only'];
      }
    } else if (TEXT_FIELDS.has(part.fieldname)) {
      // PostgreSQL text cannot hold NUL; the JSON routes refuse it the same way.
      if (value.includes('\u0000')) {
        form.errors[part.fieldname] = ['invalid'];
      } else {
        form.fields[part.fieldname] = value;
      }
    }
  }
  return form;
};

/** Validates the text fields with the contract (the same translated messages as JSON routes) and the icon's content. */
const validateForm = <T extends z.ZodType>(form: RawForm, schema: T, isIconRequired: boolean) => {
  const errors: Record<string, TMessage[]> = { ...form.errors };
  const parsed = safeParse(schema, form.fields, { reportInput: true });
  if (parsed.error) {
    for (const [field, messages] of Object.entries(issuesToFields(parsed.error.issues))) {
      errors[field] ??= messages;
    }
  }
  let icon: string | undefined;
  if (!errors[ICON_FIELD]) {
    if (form.icon) {
      const result = sanitizeSvg(form.icon);
      if (result.ok) {
        icon = result.svg;
      } else {
        errors[ICON_FIELD] = ['svg_only'];
      }
    } else if (isIconRequired) {
      errors[ICON_FIELD] = ['icon_required'];
    }
  }
  if (Object.keys(errors).length > 0 || parsed.error) {
    throw new FieldErrors(errors);
  }
  return { body: parsed.data, icon };
};

/** POST: titles and a required `icon` file, svg only, at most 256 KB; answers the sanitised svg. */
export const readCreateForm = async (request: FastifyRequest) => {
  const { body, icon } = validateForm(await readMultipart(request), ZSurroundingFields, true);
  if (icon === undefined) {
    throw new FieldErrors({ [ICON_FIELD]: ['icon_required'] });
  }
  return { body, icon };
};

/** PATCH: only the fields sent; a new `icon` file replaces the old one. */
export const readUpdateForm = async (request: FastifyRequest) =>
  validateForm(await readMultipart(request), ZSurroundingUpdateFields, false);
