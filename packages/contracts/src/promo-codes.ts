import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged } from './common';
import { REPORT_FORMATS } from './merchants';
import { registerMessages } from './messages';
import { rangesInOrder, zIdText, zIntText } from './rules';
import { PROMO_CODE_ALPHABET, PROMO_CODE_LIMITS, PROMO_CODE_STATES } from './promo-codes.constants';
import { PROMO_CODES_MESSAGES } from './promo-codes.messages';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(PROMO_CODES_MESSAGES);

/**
 * Promo codes (issue 14, part 5): codes generated for a promotion, with a total-use limit, a per-user limit and a
 * validity; redeemed for a driver by the same service the drivers' app will call.
 */
const id = () => zIdText();
const zDateTime = () => z.iso.datetime({ offset: true, message: 'date_invalid' });
const limit = (max: number) => zIntText({ min: 1, max });

/** POST /promo-codes/generate/ */
export const ZPromoCodeGenerateBody = z
  .object({
    promotion: id(),
    count: limit(PROMO_CODE_LIMITS.count),
    prefix: z
      .string()
      .trim()
      .toUpperCase()
      .max(PROMO_CODE_LIMITS.prefix, { message: `max_length:${PROMO_CODE_LIMITS.prefix}` })
      .refine((value) => [...value].every((char) => PROMO_CODE_ALPHABET.includes(char)), {
        message: 'promo_prefix_invalid',
      })
      .default(''),
    /** Characters after the prefix. */
    length: zIntText({ min: PROMO_CODE_LIMITS.lengthMin, max: PROMO_CODE_LIMITS.lengthMax }),
    total_limit: limit(PROMO_CODE_LIMITS.uses),
    per_user_limit: limit(PROMO_CODE_LIMITS.uses),
    valid_from: zDateTime(),
    valid_until: zDateTime(),
  })
  .superRefine(
    rangesInOrder<{ valid_from: string; valid_until: string }>([['valid_from', 'valid_until']], {
      message: 'promo_code_period_order',
      strict: true,
    }),
  );
export type TPromoCodeGenerateBody = z.input<typeof ZPromoCodeGenerateBody>;

export const ZPromoCode = z.object({
  id: z.number().int(),
  code: z.string(),
  promotion: z.number().int(),
  promotion_title: z.string(),
  total_limit: z.number().int(),
  per_user_limit: z.number().int(),
  uses: z.number().int(),
  valid_from: z.string(),
  valid_until: z.string(),
  state: z.enum(PROMO_CODE_STATES),
  created_at: z.string(),
});
export type TPromoCode = z.infer<typeof ZPromoCode>;
export const ZPromoCodePage = zPaged(ZPromoCode);
export const ZPromoCodeGenerated = z.object({ count: z.number().int(), codes: z.array(z.string()) });

/** GET /promo-codes/?promotion=&state=&search=&page=&size= */
export const ZPromoCodeListQuery = ZPageQuery.extend({
  promotion: optionalFilter(id()),
  state: optionalFilter(z.enum(PROMO_CODE_STATES, { message: 'invalid_choice' })),
});

/** GET /promo-codes/export/?format=xlsx|csv with the list's filters and order. */
export const ZPromoCodeExportQuery = ZPromoCodeListQuery.omit({ page: true, size: true }).extend({
  format: z.enum(REPORT_FORMATS, { message: 'invalid_choice' }),
});
export type TPromoCodeExportQuery = z.input<typeof ZPromoCodeExportQuery>;

/** POST /promo-codes/deactivate/ */
export const ZPromoCodeDeactivateBody = z.object({ ids: z.array(id()).min(1, { message: 'min_items:1' }).max(1000) });

/** POST /promo-codes/redeem/: what the drivers' app will send, and the operator for a driver now. */
export const ZPromoCodeRedeemBody = z.object({
  code: z.string().trim().toUpperCase().min(1, { message: 'required' }).max(32),
  user: id(),
  charge: optionalFilter(id()).optional(),
});
export const ZPromoCodeRedemption = z.object({
  id: z.number().int(),
  code: z.string(),
  promotion: z.number().int(),
  user: z.number().int(),
  charge: z.number().int().nullable(),
  created_at: z.string(),
});
export type TPromoCodeRedemption = z.infer<typeof ZPromoCodeRedemption>;
export type TPromoCodeRedeemBody = z.input<typeof ZPromoCodeRedeemBody>;
