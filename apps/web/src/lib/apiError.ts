import type { TValidationErrorBody } from '@zaryad/contracts';

// Bodies are checked by hand, not with the contract's zod schemas: this file is in the entry chunk.
const isDetailBody = (body: unknown): body is { detail: string } =>
  typeof body === 'object' && body !== null && typeof (body as Record<string, unknown>).detail === 'string';

const isFieldErrorsBody = (body: unknown): body is TValidationErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  Object.values(body).every(
    (messages) => Array.isArray(messages) && messages.every((text) => typeof text === 'string'),
  );

/** The server's `detail`, else the first message of the first field (docs/design.md#4-api-conventions). */
const describeBody = (body: unknown): string | null => {
  if (isDetailBody(body)) {
    return body.detail;
  }
  if (isFieldErrorsBody(body)) {
    const first = Object.values(body).find((messages) => messages.length > 0);
    return first?.[0] ?? null;
  }
  return null;
};

/** A non-2xx answer of the API, with its parsed body (`{detail}` or `{field: [messages]}`). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(describeBody(body) ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** Field errors of a 400, or null when the body is not one. */
  get fieldErrors(): TValidationErrorBody | null {
    return this.status === 400 && !isDetailBody(this.body) && isFieldErrorsBody(this.body) ? this.body : null;
  }
}

/** The text to show for a failed call; `fallback` when the server said nothing usable (network, 5xx HTML...). */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) {
    return describeBody(error.body) ?? fallback;
  }
  return fallback;
};
