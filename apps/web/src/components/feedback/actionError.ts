/**
 * docs/product/common.md#8-messages: a failed delete or status change shows the message when it is a string or an Error;
 * anything else is only logged (it would read as nonsense to an operator).
 */
export const describeActionError = (error: unknown): string | null => {
  if (typeof error === 'string') {
    return error.trim() === '' ? null : error;
  }
  if (error instanceof Error) {
    return error.message.trim() === '' ? null : error.message;
  }
  return null;
};
