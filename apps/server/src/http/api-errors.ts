import type { TMessageKey } from '@zaryad/contracts';

/** A message key, optionally with its `:limit` parameter (`too_many_attempts:120`). */
export type TMessage = TMessageKey | `${TMessageKey}:${string}`;

/** An error answered as `{"detail": "<translated message>"}` with its status code. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503,
    readonly messageKey: TMessage,
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

/** A 400 answered as `{"field": ["<translated message>", ...]}`; `non_field_errors` for the body as a whole. */
export class FieldErrors extends Error {
  constructor(readonly fields: Record<string, TMessage[]>) {
    super('validation failed');
  }
}

export const NON_FIELD_ERRORS = 'non_field_errors';

export const notFound = () => new ApiError(404, 'not_found');
