import {
  REPORT_MAX_DAYS,
  type TBulkStatusBody,
  type TLanguage,
  type TPermission,
  ZBulkStatusUpdated,
  ZDeleteRefusal,
  ZErrorBody,
  ZValidationErrorBody,
  zBulkStatusBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AuthAccount, currentAccount } from '../http/auth';

/** The answers of every `PATCH .../statuses/` (OpenAPI and serialisation): the updated records, or the shared errors. */
export const bulkStatusResponses = <TRecord extends z.ZodType>(record: TRecord) => ({
  200: z.array(record),
  400: ZValidationErrorBody,
  401: ZErrorBody,
  404: ZErrorBody,
});

type TFilterBody<TQuery extends z.ZodObject> = Exclude<
  z.output<ReturnType<typeof zBulkStatusBody<TQuery>>>,
  TBulkStatusBody
>;

/**
 * A list's `PATCH …/statuses/`: `{ids, active}` goes to `byIds` (answers the records), `{filter, active}` (validated by
 * the list's own query schema) to `byFilter` (answers `{updated}`).
 */
export const bulkStatusRoute = <TRecord extends z.ZodType, TQuery extends z.ZodObject>(
  fastify: FastifyInstance,
  route: {
    permission: TPermission;
    tags: string[];
    /** What the change does and answers; both notes follow it. */
    summary: string;
    record: TRecord;
    query: TQuery;
    byIds: (body: TBulkStatusBody, actor: AuthAccount, language: TLanguage) => Promise<unknown>;
    byFilter: (body: TFilterBody<TQuery>, actor: AuthAccount) => Promise<unknown>;
  },
) =>
  fastify.patch(
    '/statuses/',
    {
      config: { permission: route.permission },
      schema: {
        tags: route.tags,
        summary: `${route.summary} ${BULK_STATUS_NOTE}. ${BULK_STATUS_FILTER_NOTE}`,
        body: zBulkStatusBody(route.query),
        response: { ...bulkStatusResponses(route.record), 200: z.union([z.array(route.record), ZBulkStatusUpdated]) },
      },
    },
    async (request) => {
      const body = request.body as TBulkStatusBody | TFilterBody<TQuery>;
      return 'ids' in body
        ? route.byIds(body, currentAccount(request), request.language)
        : route.byFilter(body, currentAccount(request));
    },
  );

/** Said in the summary of every status route that takes a filter. */
export const BULK_STATUS_FILTER_NOTE =
  "Send {filter, active} instead of ids to change every record the list shows with that filter, on any number of pages (the list's query parameters without page and size; an unknown parameter answers 400): one statement, one audit entry per record, answered {updated: <count>}";

/** Said in every status route's summary, so that the OpenAPI document tells clients the shared rule. */
export const BULK_STATUS_NOTE = 'An unknown id answers 404 naming the missing ids and changes nothing';

/** The answers of every delete-only-when-inactive route: 204, or a 400 JSON array of messages (docs/product/common.md#8-messages). */
export const deleteWhenInactiveResponses = {
  204: z.null(),
  400: z.union([ZDeleteRefusal, ZValidationErrorBody]),
  401: ZErrorBody,
  404: ZErrorBody,
};

/** The answers of every streamed export (`platform/export.ts`): the file, sent as a stream past the serializer. */
export const exportResponses = {
  200: z.string().describe('xlsx or csv'),
  400: ZValidationErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
};

/** Said in every export route's summary: how the file reads. */
export const EXPORT_NOTE =
  'format=xlsx|csv (csv: UTF-8 with a BOM); headers and words in the request language, times in Asia/Bishkek, money in som';

/** Said in every report whose period is checked by `checkReportPeriod` (contracts): its bounds, which a schema cannot say. */
export const REPORT_PERIOD_NOTE =
  `period__from and period__to are required calendar days (YYYY-MM-DD, Asia/Bishkek), both included; period__to may ` +
  `not be before period__from, and the period is at most ${REPORT_MAX_DAYS} days (a longer one answers 400 on ` +
  `period__to: report_period_too_long)`;
