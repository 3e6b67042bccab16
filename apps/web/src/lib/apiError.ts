import { ZErrorBody, ZValidationErrorBody, type TValidationErrorBody } from '@zaryad/contracts';

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
    if (this.status !== 400) {
      return null;
    }
    const parsed = ZValidationErrorBody.safeParse(this.body);
    return parsed.success ? parsed.data : null;
  }
}

/** The server's `detail`, else the first message of the first field (DESIGN.md section 4). */
const describeBody = (body: unknown): string | null => {
  const detail = ZErrorBody.safeParse(body);
  if (detail.success) {
    return detail.data.detail;
  }
  const fields = ZValidationErrorBody.safeParse(body);
  if (fields.success) {
    const first = Object.values(fields.data).find((messages) => messages.length > 0);
    return first?.[0] ?? null;
  }
  return null;
};

/** The text to show for a failed call; `fallback` when the server said nothing usable (network, 5xx HTML...). */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) {
    return describeBody(error.body) ?? fallback;
  }
  return fallback;
};
