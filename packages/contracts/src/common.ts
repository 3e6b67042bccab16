import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LANGUAGES, MAX_PAGE_SIZE } from './constants';
import { zId, zIdText } from './rules';

export {
  DEFAULT_LANGUAGE,
  DEFAULT_PAGE_SIZE,
  LANGUAGES,
  MAX_PAGE_SIZE,
  PAGE_SIZES,
  PICKER_PAGE_SIZE,
  STATUS,
} from './constants';

export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;

export const ZStatus = z.union([z.literal(0), z.literal(1)]);
export type TStatus = z.infer<typeof ZStatus>;

/** Query-string boolean: 'true'/'false'/'1'/'0'. Anything else is a 400. */
export const ZQueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Paging and search shared by every list. Empty values are ignored (docs/api.md). */
export const ZPageQuery = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  // Bounds as min/max rather than a refinement: the OpenAPI document states them (issue 31).
  size: z
    .preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(1, { message: 'page_size_invalid' })
        .max(MAX_PAGE_SIZE, { message: 'page_size_invalid' })
        .default(DEFAULT_PAGE_SIZE),
    )
    .meta({
      description: `Rows per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}); anything else answers 400 on size. The answer's size is this one and pages is ceil(total / size), at least 1. A longer list is read page by page.`,
    }),
  search: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** Optional filter helper: '' becomes undefined before validation. */
export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

export const zPaged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pages: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
export type TPaged<T> = { items: T[]; page: number; pages: number; size: number; total: number };

/** `{"detail": "..."}`: every error that is not tied to a field. */
export const ZErrorBody = z.object({ detail: z.string() });
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** `{"field": ["message", ...], "non_field_errors": [...]}`: validation errors (400). */
export const ZValidationErrorBody = z.record(z.string(), z.array(z.string()));
export type TValidationErrorBody = z.infer<typeof ZValidationErrorBody>;

export const ZIdParam = z.object({ id: zIdText() });

/** Bulk status change: `PATCH .../statuses/` answers the updated records. */
export const ZBulkStatusBody = z.object({
  ids: z.array(zId()).min(1).max(1000),
  active: z.boolean(),
});
export type TBulkStatusBody = z.infer<typeof ZBulkStatusBody>;

export const ZDetailMessage = z.object({ detail: z.string() });
