import { z } from 'zod';
import { ZBulkStatusBody } from './common';

/**
 * A list's filter as a bulk status change takes it (issue 31): the list's own query parameters without `page` and
 * `size`, validated by the list's own query schema. Numbers and booleans are taken as the query string would carry
 * them (`true` as `"true"`). A key the list does not know, `page` and `size` included, answers 400 `unknown_field`:
 * a misspelt filter must never widen the change to every record.
 */
export const zListFilter = <TQuery extends z.ZodObject>(query: TQuery) => {
  const known = new Set(Object.keys(query.shape).filter((key) => key !== 'page' && key !== 'size'));
  const asQueryText = (value: unknown): unknown =>
    typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : Array.isArray(value)
        ? value.map(asQueryText)
        : value;
  return z.preprocess((value, context) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return value;
    }
    const entries = Object.entries(value);
    const unknown = entries.map(([key]) => key).filter((key) => !known.has(key));
    if (unknown.length > 0) {
      context.addIssue({ code: 'unrecognized_keys', keys: unknown, input: value as Record<string, unknown> });
    }
    return Object.fromEntries(entries.filter(([key]) => known.has(key)).map(([key, item]) => [key, asQueryText(item)]));
  }, query);
};

/** `{"updated": <count>}`: what a bulk status change by filter answers, however many records it changed. */
export const ZBulkStatusUpdated = z.object({
  updated: z.number().int().meta({ description: 'How many records the filter selected and the change set' }),
});
export type TBulkStatusUpdated = z.infer<typeof ZBulkStatusUpdated>;

/** The filter form of a bulk status change, as a client sends it: the list's query parameters and the target. */
export type TBulkStatusFilterBody = { filter: Record<string, string | string[] | undefined>; active: boolean };

/**
 * `PATCH .../statuses/` of a list: `{ids, active}` (at most 1,000 records, answered as records) or
 * `{filter, active}` (every record the list shows with that filter, on any number of pages, answered `{updated}`).
 */
export const zBulkStatusBody = <TQuery extends z.ZodObject>(query: TQuery) =>
  z.xor([
    ZBulkStatusBody,
    z
      .object({ filter: zListFilter(query), active: z.boolean() })
      .strict()
      .meta({
        description:
          "Every record the list shows with this filter (the list's query parameters without page and size; {} is the whole list), changed in one statement",
      }),
  ]);
