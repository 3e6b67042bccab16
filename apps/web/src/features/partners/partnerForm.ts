import type { TRentalPartner, TRentalPartnerCreateBody } from '@zaryad/contracts';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { contractMessage } from '@/lib/contractMessage';

export type TPartnerFormValues = {
  name: string;
  legal_entity: string;
  contact_person: string;
  phone: string;
  email: string;
  agreement_number: string;
  percentage: string;
  start_date: Dayjs | null;
  end_date: Dayjs | null;
};

const API_DATE = 'YYYY-MM-DD';

export const toPartnerFormValues = (partner: TRentalPartner | undefined): TPartnerFormValues => ({
  name: partner?.name ?? '',
  legal_entity: partner?.legal_entity ?? '',
  contact_person: partner?.contact_person ?? '',
  phone: partner?.phone ?? '',
  email: partner?.email ?? '',
  agreement_number: partner?.agreement_number ?? '',
  percentage: partner?.percentage ?? '',
  start_date: partner ? dayjs(partner.start_date) : null,
  end_date: partner?.end_date ? dayjs(partner.end_date) : null,
});

/** The form's values as the API takes them: trimmed texts, ISO dates, no end date as null. */
export const toPartnerBody = (values: TPartnerFormValues): TRentalPartnerCreateBody => ({
  name: values.name.trim(),
  legal_entity: values.legal_entity.trim(),
  contact_person: values.contact_person.trim(),
  phone: values.phone,
  email: values.email.trim(),
  agreement_number: values.agreement_number.trim(),
  percentage: values.percentage.trim(),
  start_date: values.start_date ? values.start_date.format(API_DATE) : '',
  end_date: values.end_date ? values.end_date.format(API_DATE) : null,
});

/** The end is compared by calendar day: the same day is a valid one-day agreement. */
export const isEndBeforeStart = (start: Dayjs | null | undefined, end: Dayjs | null | undefined): boolean =>
  Boolean(start && end && end.isBefore(start, 'day'));

/** The end date's rule, with the contract's `end_before_start` message: it re-reads the start on each check. */
export const endDateRule =
  (): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, end: Dayjs | null | undefined) => {
      if (isEndBeforeStart(getFieldValue('start_date') as Dayjs | null, end)) {
        throw new Error(contractMessage('end_before_start'));
      }
    },
  });
