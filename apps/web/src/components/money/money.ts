/**
 * Money as the screens show it: the API's som text (`"-1500.00"`, DESIGN.md section 9) grouped by thousands with a
 * comma before the tyiyn, `-1 500,00`, as Kyrgyz and Russian write sums. String work only, never a float; and no
 * contract import, which would bring zod into the list screens.
 */
export const formatMoney = (value: string): string => {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!match) {
    return value;
  }
  const [, sign = '', whole = '0', fraction = '00'] = match;
  // A no-break space keeps a sum on one line.
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${fraction}`;
};

/** True for a balance below zero (`-0.00` is not). */
export const isNegative = (value: string): boolean => value.startsWith('-') && /[1-9]/.test(value);
