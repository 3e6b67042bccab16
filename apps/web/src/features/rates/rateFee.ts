import { zFee, zInt, IDLE_GRACE_MAX_MINUTES } from '@zaryad/contracts';
import type { FormRule } from 'antd';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

/**
 * The price check of the tariff form: the contract's zFee (FEE_PATTERN, `fee_negative` before `fee_invalid`),
 * so the screen refuses exactly what the server refuses, with the same translated message. Every amount of a price
 * (energy, time, idle, session, a period's price, the minimum and maximum) is checked by it.
 */
export const feeRule = (): FormRule => zodRule(zFee());

/** An amount that may be left empty (the minimum and the maximum cost: none); given, it is checked as a fee. */
export const optionalFeeRule = (): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (typeof value === 'string' && value.trim() === '') {
      return;
    }
    const result = zFee().safeParse(value ?? '');
    if (!result.success) {
      throw new Error(contractMessage(result.error.issues[0]?.message ?? 'fee_invalid'));
    }
  },
});

/** The idle grace in whole minutes, 0 to a day, as the contract takes it. */
export const graceRule = (): FormRule => zodRule(zInt({ min: 0, max: IDLE_GRACE_MAX_MINUTES }));

/** The maximum cost cannot be below the minimum (the contract's `min_above_max`, on the maximum). */
export const maxCostRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const min = String(getFieldValue('min_cost') ?? '').trim();
    const max = typeof value === 'string' ? value.trim() : '';
    if (min !== '' && max !== '' && Number(max) < Number(min)) {
      throw new Error(contractMessage('min_above_max'));
    }
  },
});
