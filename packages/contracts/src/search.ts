import { z } from 'zod';

/** The groups of the global search, in the order they are answered (docs/product/search.md). */
export const SEARCH_GROUPS = ['merchants', 'stations', 'users', 'charges', 'accounts'] as const;
export type TSearchGroupKind = (typeof SEARCH_GROUPS)[number];

/** Results per group; a group with more says so (`more`). */
export const SEARCH_GROUP_LIMIT = 5;
/** The longest text searched; longer answers 400 on q. */
export const SEARCH_MAX_LENGTH = 100;
/** Shorter texts (after trimming) find nothing, each group answering empty, but a one-digit charge number. */
export const SEARCH_MIN_LENGTH = 2;

/** `GET /search/?q=`: the text, trimmed; empty or one character answers empty groups. */
export const ZSearchQuery = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH, { message: `max_length:${SEARCH_MAX_LENGTH}` })
    .default('')
    .transform((value) => value.trim())
    .meta({
      description: `The text searched, ${SEARCH_MIN_LENGTH} to ${SEARCH_MAX_LENGTH} characters once trimmed; shorter answers every group empty but a charge by its one-digit number.`,
    }),
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

/** How a result matched: the whole text of a field, its start, or anywhere in it. Results are ranked in this order. */
export const SEARCH_MATCHES = ['exact', 'prefix', 'contains'] as const;
export const ZSearchMatch = z.enum(SEARCH_MATCHES);
export type TSearchMatch = z.infer<typeof ZSearchMatch>;

/**
 * One record found: what the dropdown shows (`title`, `subtitle`, in the request's language) and what its link needs
 * (`id`, and a station's `merchant_id`: its screen lives under its merchant).
 */
export const ZSearchHit = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  match: ZSearchMatch,
  merchant_id: z.number().int().nullable(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchGroup = z.object({
  kind: z.enum(SEARCH_GROUPS),
  items: z.array(ZSearchHit),
  /** More records match than the group shows. */
  more: z.boolean(),
});
export type TSearchGroup = z.infer<typeof ZSearchGroup>;

/** The groups the account may read (its `<domain>.view` permissions), in SEARCH_GROUPS' order, empty ones included. */
export const ZSearchResult = z.object({
  q: z.string(),
  groups: z.array(ZSearchGroup),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;
