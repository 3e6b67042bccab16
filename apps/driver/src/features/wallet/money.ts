/**
 * What a driver types as som (`150`, `150,5`, `1 500.50`) as the API's decimal text (`150.5`), or null when it is no
 * amount. The server checks the bounds and words the errors; this only reads the figure.
 */
export const amountText = (typed: string): string | null => {
  const text = typed.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(text) ? text : null;
};

/** Whole som as tyiyn, for comparing amounts without floats. */
export const tyiynOf = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
};

/** An amount the API sent (`"100.00"`) as a field's starting text (`100`; `100.5` keeps its fraction). */
export const inputOf = (money: string): string => money.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');

/** A card top-up's bounds (docs/product/payments.md#5-validation), as the contract's CARD_TOP_UP in som. */
export const TOP_UP = { min: '50', max: '50000', quick: ['200', '500', '1000'] } as const;

/** A fresh `Idempotency-Key`: a retry of the same top-up answers the same payment instead of a second one. */
export const idempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  // Outside a secure context (plain http on a LAN) randomUUID is missing; sixteen random bytes do as well.
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
};
