import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged, ZQueryBoolean, ZStatus } from './common';
import {
  BANNER_LIMITS,
  FULLSCREEN_CATEGORIES,
  FULLSCREEN_DESTINATIONS,
  HEX_COLOUR_PATTERN,
  isFullscreenCategory,
  isHttpUrl,
  BANNER_TYPES,
} from './banners.constants';
import { BANNERS_MESSAGES } from './banners.messages';
import { registerMessages } from './messages';
import { rangesInOrder, zIdText, zRequiredText, zStatusText } from './rules';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(BANNERS_MESSAGES);

/**
 * Banners and fullscreens (docs/product/banners.md sections 3, 5, 7 and 9): what the drivers' app shows on its screens, planned by
 * date. Both live at /ads/banners/; `type` tells them apart and `is_banner` is derived from `type=banner`.
 */
export const zHttpUrl = () =>
  z
    .string()
    .trim()
    .min(1, { message: 'url_invalid' })
    .max(BANNER_LIMITS.link, { message: `max_length:${BANNER_LIMITS.link}` })
    .refine(isHttpUrl, { message: 'url_invalid' });

/** An ISO date-time with its offset: `2026-11-24T09:00:00+06:00`. */
export const zDateTime = () => z.iso.datetime({ offset: true, message: 'date_invalid' });

const formId = () => zIdText();

const formStatus = () => zStatusText();

/** One banner as the list and the form read it. */
const bannerCommon = {
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  merchant: z.number().int().nullable(),
  merchant_name: z.string().nullable(),
  status: ZStatus,
  start_date: z.string(),
  end_date: z.string(),
  /** Ended or archived: shown in the archive tabs. */
  is_archived: z.boolean(),
  created_at: z.string(),
};

export const ZBanner = z.object({
  ...bannerCommon,
  type: z.literal('banner'),
  is_banner: z.literal(true),
  source_link: z.string(),
  button_name: z.string(),
  button_color: z.string(),
  stations: z.array(z.number().int()),
});
export type TBanner = z.infer<typeof ZBanner>;

export const ZFullscreen = z.object({
  ...bannerCommon,
  type: z.literal('fullscreen'),
  is_banner: z.literal(false),
  link: z.string(),
  categories: z.array(z.enum(FULLSCREEN_CATEGORIES)),
  destination: z.enum(FULLSCREEN_DESTINATIONS),
});
export type TFullscreen = z.infer<typeof ZFullscreen>;

export const ZBannerItem = z.discriminatedUnion('type', [ZBanner, ZFullscreen]);
export type TBannerItem = z.infer<typeof ZBannerItem>;
export const ZBannerPage = zPaged(ZBannerItem);

/** GET /ads/banners/?type=banner|fullscreen&archive=true|false&merchant=&active=&category=&search=&page=&size= */
export const ZBannerListQuery = ZPageQuery.extend({
  type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(BANNER_TYPES, { message: 'invalid_choice' }).default('banner'),
  ),
  archive: optionalFilter(ZQueryBoolean),
  active: optionalFilter(ZQueryBoolean),
  merchant: optionalFilter(formId()),
  category: optionalFilter(z.enum(FULLSCREEN_CATEGORIES, { message: 'invalid_choice' })),
});
export type TBannerListQuery = z.input<typeof ZBannerListQuery>;

/** GET /ads/banners/live/?category=: what the drivers' app shows now on one screen. */
export const ZBannerLiveQuery = z.object({
  category: z.enum(FULLSCREEN_CATEGORIES, { message: 'invalid_choice' }),
});

export const ZLiveBanner = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  source_link: z.string(),
  button_name: z.string(),
  button_color: z.string(),
  merchant: z.number().int().nullable(),
  stations: z.array(z.number().int()),
  end_date: z.string(),
});
export const ZLiveFullscreen = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  link: z.string(),
  destination: z.enum(FULLSCREEN_DESTINATIONS),
  merchant: z.number().int().nullable(),
  end_date: z.string(),
});
export const ZBannerLive = z.object({
  category: z.enum(FULLSCREEN_CATEGORIES),
  banners: z.array(ZLiveBanner),
  fullscreens: z.array(ZLiveFullscreen),
});
export type TBannerLive = z.infer<typeof ZBannerLive>;

/** The period must last: its end after its start (the shared rule of every from/to pair). */
const periodInOrder = rangesInOrder<{ start_date?: string; end_date?: string }>([['start_date', 'end_date']], {
  message: 'banner_period_order',
  strict: true,
});

const sharedFields = {
  name: zRequiredText(BANNER_LIMITS.name),
  merchant: z.preprocess((value) => (value === '' ? null : value), formId().nullable()),
  status: formStatus(),
  start_date: zDateTime(),
  end_date: zDateTime(),
};

const bannerFields = {
  ...sharedFields,
  source_link: zHttpUrl(),
  button_name: zRequiredText(BANNER_LIMITS.buttonName),
  button_color: z.string().trim().regex(HEX_COLOUR_PATTERN, { message: 'color_invalid' }),
  stations: z.array(formId()).max(BANNER_LIMITS.stations, { message: `max_items:${BANNER_LIMITS.stations}` }),
};

const fullscreenFields = {
  ...sharedFields,
  link: zHttpUrl(),
  // One message on the field, not on the entry's index: the form shows the categories as one select.
  categories: z
    .array(z.string())
    .min(1, { message: 'categories_required' })
    .refine((values) => values.every((value) => isFullscreenCategory(value)), { message: 'invalid_choice' })
    .transform((values) => [...new Set(values)].filter(isFullscreenCategory)),
  destination: z.enum(FULLSCREEN_DESTINATIONS, { message: 'invalid_choice' }),
};

/**
 * POST /ads/banners/ (multipart, `type=banner`): the text fields below and the file `image` (png or jpeg, at most
 * 256 KB). Stations (repeated `stations`) must belong to the merchant.
 */
export const ZBannerCreateFields = z
  .object({
    ...bannerFields,
    merchant: bannerFields.merchant.default(null),
    status: bannerFields.status.default(0),
    stations: bannerFields.stations.default([]),
  })
  .superRefine(periodInOrder);
export type TBannerCreateFields = z.input<typeof ZBannerCreateFields>;

/** POST /ads/banners/ (multipart, `type=fullscreen`): `image` is the iOS image, 9:19.5 within 1%. */
export const ZFullscreenCreateFields = z
  .object({
    ...fullscreenFields,
    merchant: fullscreenFields.merchant.default(null),
    status: fullscreenFields.status.default(0),
    categories: z.array(z.string()).default([]).pipe(fullscreenFields.categories),
  })
  .superRefine(periodInOrder);
export type TFullscreenCreateFields = z.input<typeof ZFullscreenCreateFields>;

/**
 * PATCH /ads/banners/{id}/ (multipart): only what is sent changes; the dates are checked with the stored ones. An empty
 * `stations` value clears the stations.
 */
export const ZBannerUpdateFields = z.object(bannerFields).partial().superRefine(periodInOrder);
export type TBannerUpdateFields = z.input<typeof ZBannerUpdateFields>;

export const ZFullscreenUpdateFields = z.object(fullscreenFields).partial().superRefine(periodInOrder);
export type TFullscreenUpdateFields = z.input<typeof ZFullscreenUpdateFields>;
