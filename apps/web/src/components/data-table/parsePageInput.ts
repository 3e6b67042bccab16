/**
 * docs/product/common.md#2-screens: a typed page number that is not a positive integer gives 0.
 * 0 means "no page": the pager does not fetch it.
 */
export const parsePageInput = (text: string): number => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    return 0;
  }
  const page = Number(trimmed);
  return Number.isSafeInteger(page) && page > 0 ? page : 0;
};
