/**
 * Tyiyn of a sum the API answers (`"123.45"`, som with 2 decimals), for comparing what is left to refund or available:
 * money is never a float (docs/style.md#6-code). The contract's parseTyiyn would bring its schemas, and zod, along.
 */
export const tyiynOf = (som: string): bigint => {
  const negative = som.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? som.slice(1) : som).split('.');
  const tyiyn = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -tyiyn : tyiyn;
};

/** Som with 2 decimals of tyiyn (`12345n` → `"123.45"`), as the API writes money. */
export const somOf = (tyiyn: bigint): string => {
  const negative = tyiyn < 0n;
  const absolute = negative ? -tyiyn : tyiyn;
  return `${negative ? '-' : ''}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
};
