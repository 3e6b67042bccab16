// Apart from rateFee.ts: lists show fees without loading the form's schema checks (zod).

/** A fee as the API answers it ("12.50"), shown with its currency by the caller. */
export const formatFee = (fee: string): string => {
  const value = Number(fee);
  return Number.isFinite(value) ? value.toFixed(2) : fee;
};
