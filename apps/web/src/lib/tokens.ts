import type { TTokenPair } from '@zaryad/contracts';

/**
 * Checked by hand rather than with the contract's `ZTokenPair`: this runs in the entry chunk, and importing
 * the contracts there would pull all of zod into the bytes the login screen loads first.
 */
export const isTokenPair = (value: unknown): value is TTokenPair =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).access === 'string' &&
  typeof (value as Record<string, unknown>).refresh === 'string' &&
  (value as TTokenPair).access !== '' &&
  (value as TTokenPair).refresh !== '';
