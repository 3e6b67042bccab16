/**
 * The optional `Idempotency-Key` header of the calls that book a ledger entry from the dashboard (a top-up, a
 * correction, a charge's refund): documented by the route's headers schema, checked in the handler, which answers
 * `{"detail": ...}` as the header is no field of the body (docs/product/users.md#4-states-and-rules).
 */
import { IDEMPOTENCY_KEY_PATTERN } from '@zaryad/contracts';
import { z } from 'zod';

/**
 * The headers schema: loose, so that the request keeps every other header (Accept-Language among them). `sameRequest`
 * names what makes a retry the same request.
 */
export const idempotencyHeaders = (sameRequest: string) =>
  z.looseObject({
    'idempotency-key': z
      .string()
      .optional()
      .meta({
        description:
          'Optional, 1 to 255 visible ASCII characters (a UUID is usual). A retry with the same key and the same request ' +
          `(${sameRequest}) answers the first result again and adds nothing; the same key with another request answers ` +
          '409 `idempotency_key_reused`; a malformed key answers 400 `idempotency_key_invalid`.',
      }),
  });

/** The valid key, none, or `null` when the header is there but malformed. */
export const idempotencyKeyOf = (header: string | string[] | undefined): string | undefined | null => {
  if (header === undefined) {
    return undefined;
  }
  return typeof header === 'string' && IDEMPOTENCY_KEY_PATTERN.test(header) ? header : null;
};
