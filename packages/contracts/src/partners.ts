import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged, ZQueryBoolean, ZStatus } from './common';
import { LIMITS, rangesInOrder, zDate, zEmail, zOptionalText, zPhone, zRequiredText } from './rules';

/** A company renting the network's software, under a partner contract. */
export const ZRentalPartner = z.object({
  id: z.number().int(),
  name: z.string(),
  legal_entity: z.string(),
  contact_person: z.string(),
  phone: z.string(),
  email: z.string(),
  agreement_number: z.string(),
  percentage: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: ZStatus,
  created_at: z.string(),
});
export type TRentalPartner = z.infer<typeof ZRentalPartner>;
export const ZRentalPartnerPage = zPaged(ZRentalPartner);
export const ZRentalPartnerListQuery = ZPageQuery.extend({ active: optionalFilter(ZQueryBoolean) });

/** 0..100 with at most 2 decimals, checked on the text: 0.07 * 100 is not 7 in floating point. */
const PERCENTAGE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

const percentage = () =>
  z
    .union([z.number(), z.string().trim()], { message: 'percentage_invalid' })
    .refine((value) => PERCENTAGE_PATTERN.test(String(value)), { message: 'percentage_invalid', abort: true })
    .transform((value) => Number(value))
    .refine((value) => value >= 0 && value <= 100, { message: 'percentage_invalid' });

/** The agreement's end may not come before its start (the shared rule of from/to pairs). */
const datesInOrder = rangesInOrder<{ start_date?: string; end_date?: string | null }>([['start_date', 'end_date']], {
  message: 'end_before_start',
});

const partnerFields = {
  name: zRequiredText(LIMITS.name),
  legal_entity: zRequiredText(200),
  contact_person: zOptionalText(LIMITS.name),
  phone: zPhone(),
  email: zEmail(),
  agreement_number: zRequiredText(LIMITS.agreementNumber),
  percentage: percentage(),
  start_date: zDate(),
  end_date: zDate().nullable(),
};

export const ZRentalPartnerCreateBody = z
  .object({
    ...partnerFields,
    contact_person: partnerFields.contact_person.default(''),
    end_date: partnerFields.end_date.default(null),
  })
  .superRefine(datesInOrder);
export type TRentalPartnerCreateBody = z.input<typeof ZRentalPartnerCreateBody>;
export const ZRentalPartnerUpdateBody = z.object(partnerFields).partial().superRefine(datesInOrder);
export type TRentalPartnerUpdateBody = z.input<typeof ZRentalPartnerUpdateBody>;
