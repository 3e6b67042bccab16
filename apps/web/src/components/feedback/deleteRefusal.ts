import { ApiError } from '@/lib/apiError';

/**
 * docs/product/common.md#8-messages: a delete refused by a rule answers 400 with a JSON array of messages, shown joined.
 * Rethrows it as an Error with that text, which ConfirmDelete shows; any other failure passes through.
 */
export const explainDeleteRefusal = (error: unknown): unknown => {
  if (error instanceof ApiError && Array.isArray(error.body)) {
    const messages = error.body.filter((item): item is string => typeof item === 'string');
    if (messages.length > 0) {
      return new Error(messages.join(' '));
    }
  }
  return error;
};

/** Wraps a delete call so that a refusal reaches the screen as one readable message. */
export const withDeleteRefusal =
  <TArgs extends unknown[], TResult>(remove: (...args: TArgs) => Promise<TResult>) =>
  async (...args: TArgs): Promise<TResult> => {
    try {
      return await remove(...args);
    } catch (error) {
      throw explainDeleteRefusal(error);
    }
  };
