import type { TAccountCreateBody, TAccountUpdateBody } from '@zaryad/contracts';
import type { TAccountFormValues } from '@/features/accounts/AccountForm';

const commonFields = (values: TAccountFormValues) => ({
  role: values.role ?? 0,
  last_name: values.last_name.trim(),
  first_name: values.first_name.trim(),
  phone: values.phone,
  email: values.email.trim(),
  position: values.position.trim(),
  // A birthday is a calendar day, not an instant: no time zone conversion.
  birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
});

export const toCreateBody = (values: TAccountFormValues): TAccountCreateBody => ({
  ...commonFields(values),
  password: values.password,
});

/** An empty password on edit keeps the current one, so it is not sent. */
export const toUpdateBody = (values: TAccountFormValues): TAccountUpdateBody =>
  values.password ? { ...commonFields(values), password: values.password } : commonFields(values);
