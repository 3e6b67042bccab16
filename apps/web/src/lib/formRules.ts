import type { FormRule } from 'antd';
import type { z } from 'zod';
import { contractMessage } from '@/lib/i18n';

/**
 * An antd form rule backed by a contract schema (`zEmail()`, `zPassword()`, ...): the client checks exactly
 * what the server checks and shows the contract's message in the current language (SPEC.md section 5).
 */
export const zodRule = (schema: z.ZodType): FormRule => ({
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
