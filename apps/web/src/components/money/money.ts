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
  return `${sign}${groupDigits(whole)},${fraction}`;
};

/** Digits grouped by thousands with a no-break space (which keeps a figure on one line): `1\u00a0038`. */
export const groupDigits = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/**
 * A count or an exact decimal of the API (`"35021.610"`) written as sums are: grouped by thousands, a comma before
 * the fraction, `35\u00a0021,610`. Anything else is answered as it came.
 */
export const formatDecimal = (value: string | number): string => {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(value));
  if (!match) {
    return String(value);
  }
  const [, sign = '', whole = '0', fraction] = match;
  return `${sign}${groupDigits(whole)}${fraction === undefined ? '' : `,${fraction}`}`;
};

/** True for a balance below zero (`-0.00` is not). */
export const isNegative = (value: string): boolean => value.startsWith('-') && /[1-9]/.test(value);
