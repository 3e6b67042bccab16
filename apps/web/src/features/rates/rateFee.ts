import { zFee } from '@zaryad/contracts';
import type { FormRule } from 'antd';
import { zodRule } from '@/lib/formRules';

/**
 * The price check of the tariff form: the contract's zFee (FEE_PATTERN, `fee_negative` before `fee_invalid`),
 * so the screen refuses exactly what the server refuses, with the same translated message.
 */
export const feeRule = (): FormRule => zodRule(zFee());
