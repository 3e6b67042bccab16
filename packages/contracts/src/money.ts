import { z } from 'zod';
import { PAYMENT_METHODS } from './money.constants';

/**
 * Money (docs/design.md#9-money-charges-and-time): exact, never a float. The server keeps integer tyiyn (1 som = 100 tyiyn), answers
 * som as a string with 2 decimals (`"1500.00"`) and takes a number or a numeric string.
 */
export const TYIYN_PER_SOM = 100;

export { PAYMENT_METHODS, type TPaymentMethod } from './money.constants';
export const ZPaymentMethod = z.enum(PAYMENT_METHODS, { message: 'invalid_choice' });

/** `-12.5`, `0.05`, `1500`: an optional minus, digits, at most 2 decimals. */
const MONEY_TEXT = /^-?\d{1,13}(\.\d{1,2})?$/;

/** Tyiyn of a som amount given as text or a number; `null` when it is not an amount with at most 2 decimals. */
export const parseTyiyn = (value: string | number): bigint | null => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!MONEY_TEXT.test(text)) {
    return null;
  }
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const tyiyn = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -tyiyn : tyiyn;
};

/** `"1500.00"` from tyiyn. */
export const formatSom = (tyiyn: bigint | number | string): string => {
  const value = BigInt(tyiyn);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const fraction = String(absolute % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}${absolute / 100n}.${fraction}`;
};

/** A money answer: som with exactly 2 decimals, as text. */
export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/);

/** The message of an amount that is not a number with at most 2 decimals. */
const amountMessage = (value: unknown) =>
  typeof value === 'string' && /^-?\d+\.\d{3,}$/.test(value.trim()) ? 'amount_decimals' : 'amount_invalid';

/** A som amount taken as a number or numeric string, turned into tyiyn; anything else answers `amount_invalid`. */
export const zMoneyInput = (requiredMessage = 'required') =>
  z.union([z.number(), z.string()], { message: requiredMessage }).transform((value, context) => {
    if (typeof value === 'string' && value.trim() === '') {
      context.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    const tyiyn = parseTyiyn(value);
    if (tyiyn === null) {
      const text = typeof value === 'number' ? String(value) : value;
      context.addIssue({ code: 'custom', message: amountMessage(text) });
      return z.NEVER;
    }
    return tyiyn;
  });

/** A money filter in a query string (`balance__from=-100.5`): tyiyn, or a 400 on the field. */
export const zMoneyQuery = () =>
  z.string().transform((value, context) => {
    const tyiyn = parseTyiyn(value);
    if (tyiyn === null) {
      context.addIssue({ code: 'custom', message: 'amount_invalid' });
      return z.NEVER;
    }
    return tyiyn;
  });
