import { ZDeleteRefusal, ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import { z } from 'zod';

/** The answers of every `PATCH .../statuses/` (OpenAPI and serialisation): the updated records, or the shared errors. */
export const bulkStatusResponses = <TRecord extends z.ZodType>(record: TRecord) => ({
  200: z.array(record),
  400: ZValidationErrorBody,
  401: ZErrorBody,
  404: ZErrorBody,
});

/** Said in every status route's summary, so that the OpenAPI document tells clients the shared rule. */
export const BULK_STATUS_NOTE = 'An unknown id answers 404 naming the missing ids and changes nothing';

/** The answers of every delete-only-when-inactive route: 204, or a 400 JSON array of messages (SPEC.md section 8). */
export const deleteWhenInactiveResponses = {
  204: z.null(),
  400: z.union([ZDeleteRefusal, ZValidationErrorBody]),
  401: ZErrorBody,
  404: ZErrorBody,
};
