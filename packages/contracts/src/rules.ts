import { z } from 'zod';

/** Validation building blocks shared by the server and the web app (SPEC.md section 5). */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  stationPasswordMin: 16,
  stationPasswordMax: 40,
  phoneDigits: 12,
  email: 254,
  name: 100,
  personName: 50,
  position: 100,
  merchantName: 100,
  agreementNumber: 50,
} as const;

/** The phone mask of the web app's phone input. */
export const PHONE_MASK = '+999 (999) 99-99-99';

/** Non-digits are stripped and exactly 12 digits must remain. */
export const normalizePhone = (value: string) => value.replace(/\D/g, '');
export const isValidPhone = (value: string) => normalizePhone(value).length === LIMITS.phoneDigits;

/** Latitude and longitude: optional minus, up to 3 integer digits, up to 6 decimals. */
export const COORDINATE_PATTERN = /^-?\d{1,3}(\.\d{1,6})?$/;
/** Station password: letters and digits only. */
export const STATION_PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;

const trimmed = () => z.string().trim();

/** A required text: trimmed, not blank, at most `max` characters. Messages are message keys. */
export const zRequiredText = (max: number) =>
  trimmed()
    .min(1, { message: 'blank' })
    .max(max, { message: `max_length:${max}` });

export const zOptionalText = (max: number) => trimmed().max(max, { message: `max_length:${max}` });

export const zEmail = () =>
  trimmed()
    .toLowerCase()
    .min(1, { message: 'email_required' })
    .max(LIMITS.email, { message: `max_length:${LIMITS.email}` })
    .pipe(z.email({ message: 'email_invalid' }));

export const zPassword = () =>
  z
    .string()
    .min(1, { message: 'password_required' })
    .min(LIMITS.passwordMin, { message: `password_min:${LIMITS.passwordMin}` })
    .max(LIMITS.passwordMax, { message: `max_length:${LIMITS.passwordMax}` });

export const zPhone = () =>
  z
    .string()
    .min(1, { message: 'phone_required' })
    .transform(normalizePhone)
    .refine((digits) => digits.length === LIMITS.phoneDigits, { message: 'phone_invalid' });

/** ISO date `YYYY-MM-DD`. */
export const zDate = () => z.iso.date({ message: 'date_invalid' });
