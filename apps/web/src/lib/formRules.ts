import type { FormRule } from 'antd';
import { contractMessage } from '@/lib/contractMessage';

/** What the rule needs of a zod schema; a hand-made check can take its place. */
type TSchema = {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
};

/**
 * An antd form rule backed by a contract schema (`zPassword()`, `zPhone()`, ...): the client checks exactly
 * what the server checks and shows the contract's message in the current language (docs/product/common.md#5-validation).
 */
export const zodRule = (schema: TSchema): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) {
      throw new Error(contractMessage(result.error.issues[0]?.message ?? 'invalid'));
    }
  },
});

/** A required field with the contract's message for it (`email_required`, `password_required`, ...). */
export const requiredRule = (messageKey: string): FormRule => ({
  required: true,
  whitespace: true,
  message: contractMessage(messageKey),
});
