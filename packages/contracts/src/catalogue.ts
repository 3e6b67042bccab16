import { z } from 'zod';
import { optionalFilter, ZLanguage, ZPageQuery, zPaged, ZQueryBoolean, ZStatus } from './common';
import { zOptionalText, zRequiredText, zStatus, zStatusText } from './rules';

/** Title limits of tags and infrastructure items (docs/product/catalogues.md#5-validation's maximum lengths). */
export const TITLE_MAX = 50;
/** Infrastructure icon: svg only, at most 256 KB (docs/product/common.md#9-limits). */
export const ICON_MAX_BYTES = 256 * 1024;

/**
 * Titles in ru, en and ky. Russian is the default language and is required; an empty en or ky title means
 * "not filled in that language" (the KG/RU/ENG badges show which are filled).
 */
const titleFields = {
  title_ru: zRequiredText(TITLE_MAX),
  title_en: zOptionalText(TITLE_MAX).default(''),
  title_ky: zOptionalText(TITLE_MAX).default(''),
};

/** Query of the tags and infrastructure lists: paging, search, an optional language the search looks in. */
export const ZCatalogueListQuery = ZPageQuery.extend({
  language: optionalFilter(ZLanguage),
  active: optionalFilter(ZQueryBoolean),
});
export type TCatalogueListQuery = z.input<typeof ZCatalogueListQuery>;

/** Tag (GET/POST/PATCH/DELETE /common/tags/). status: 0 active, 1 inactive. */
export const ZTag = z.object({
  id: z.number().int(),
  title_ru: z.string(),
  title_en: z.string(),
  title_ky: z.string(),
  status: ZStatus,
});
export type TTag = z.infer<typeof ZTag>;
export const ZTagPage = zPaged(ZTag);
/** A new tag is active (status 0) unless `status` says 1; any other status is refused, never replaced. */
export const ZTagCreateBody = z.object({ ...titleFields, status: zStatus().default(0) });
export type TTagCreateBody = z.input<typeof ZTagCreateBody>;
export const ZTagUpdateBody = z
  .object({ title_ru: titleFields.title_ru, title_en: zOptionalText(TITLE_MAX), title_ky: zOptionalText(TITLE_MAX) })
  .partial();
export type TTagUpdateBody = z.input<typeof ZTagUpdateBody>;

/** Infrastructure item (/common/surroundings/). icon_path is a /media/ URL of the sanitised svg. */
export const ZSurrounding = ZTag.extend({ icon_path: z.string().nullable() });
export type TSurrounding = z.infer<typeof ZSurrounding>;
export const ZSurroundingPage = zPaged(ZSurrounding);
/** Text fields of the multipart create/edit body; the file goes in the `icon` field. */
export const ZSurroundingFields = z.object({ ...titleFields, status: zStatusText().default(0) });
export const ZSurroundingUpdateFields = ZTagUpdateBody;

/**
 * A delete refused by a rule (an active record) answers 400 with a JSON array of messages;
 * the web app joins them (docs/product/catalogues.md#8-messages, station delete).
 */
export const ZDeleteRefusal = z.array(z.string());
