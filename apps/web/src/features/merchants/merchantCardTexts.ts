import type { TMerchant } from '@zaryad/contracts';
import { formatPhone } from '@/components/phone-input/phoneMask';
import { merchantLocation } from '@/features/merchants/merchantLocation';
import { flattenSchedule, scheduleSummaryText, type TScheduleSummaryWords } from '@/features/schedule';
import { formatDateTime } from '@/lib/dateTime';
import type { TNumberFormat } from '@/lib/numberFormat';

const NONE = '—';

const personName = (person: TMerchant['created_by']) =>
  person ? [person.last_name, person.first_name].filter(Boolean).join(' ') || NONE : NONE;

/** The merchant card's values that are plain text, by the card's item keys (its title is the merchant's name). */
export const merchantCardTexts = (merchant: TMerchant, schedule: TScheduleSummaryWords, figures: TNumberFormat) => ({
  agreement: merchant.agreement_number,
  legal: merchant.legal_entity,
  phone: formatPhone(merchant.phone),
  email: merchant.email,
  percentage: figures.percent(merchant.percentage, 2),
  country: merchant.country?.name ?? NONE,
  location: merchantLocation(merchant, true) || NONE,
  schedule: scheduleSummaryText(flattenSchedule(merchant.schedule), schedule),
  createdBy: personName(merchant.created_by),
  createdAt: formatDateTime(merchant.created_at),
});
