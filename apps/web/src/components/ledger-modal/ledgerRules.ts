import type { FormRule } from 'antd';
import { tyiynOf } from '@/components/ledger-modal/amounts';

/** The contract's REASON_MAX (payments.ts): a refund's or a correction's reason, as the audit log keeps it. */
export const REASON_MAX = 200;

const AMOUNT_TEXT = /^\d{1,13}(\.\d+)?$/;

type TAmountMessages = { required: string; invalid: string; decimals: string; positive: string };

/**
 * The amount as the contract's zPositiveAmount checks it (som, at most 2 decimals, above 0), written here rather than
 * taken from the contract: its schemas would bring zod into these modals, and with them into every screen's kit
 * (apps/web/build/chunkGroups.ts). `max`: what is left to refund, or a correction's limit, with its message.
 */
export const amountRules = (messages: TAmountMessages, max?: { som: string; message: string }): FormRule[] => [
  {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') {
        throw new Error(messages.required);
      }
      if (!AMOUNT_TEXT.test(text)) {
        throw new Error(messages.invalid);
      }
      if ((text.split('.')[1] ?? '').length > 2) {
        throw new Error(messages.decimals);
      }
      const tyiyn = tyiynOf(text);
      if (tyiyn <= 0n) {
        throw new Error(messages.positive);
      }
      if (max && tyiyn > tyiynOf(max.som)) {
        throw new Error(max.message);
      }
    },
  },
];

/** A required reason: blank or spaces only is refused with its message (the contract's zReason). */
export const reasonRules = (required: string): FormRule[] => [
  { required: true, whitespace: true, message: required },
  { max: REASON_MAX },
];
