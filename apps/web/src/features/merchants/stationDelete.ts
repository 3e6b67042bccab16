import { ApiError } from '@/lib/apiError';

/**
 * SPEC.md section 8: a refused delete answers an array of messages, shown joined. Other failures pass as
 * they are (an ApiError is an Error, so its message is shown; anything else is only logged).
 */
export const explainDeleteError = (error: unknown): unknown => {
  if (error instanceof ApiError && Array.isArray(error.body)) {
    const texts = error.body.filter((item): item is string => typeof item === 'string');
    return new Error(texts.join(' '));
  }
  return error;
};
