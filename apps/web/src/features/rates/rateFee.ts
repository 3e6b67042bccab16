import { zFee } from '@zaryad/contracts';
import type { FormRule } from 'antd';
import { zodRule } from '@/lib/formRules';

/**
 * The price check of the tariff form: the contract's zFee (FEE_PATTERN, `fee_negative` before `fee_invalid`),
 * so the screen refuses exactly what the server refuses, with the same translated message.
 */
export const feeRule = (): FormRule => zodRule(zFee());

/** A fee as the API answers it ("12.50"), shown with its currency by the caller. */
export const formatFee = (fee: string): string => {
  const value = Number(fee);
  return Number.isFinite(value) ? value.toFixed(2) : fee;
};
