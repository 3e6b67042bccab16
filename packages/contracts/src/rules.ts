import { z } from 'zod';
import { LIMITS, normalizePhone } from './constants';

export {
  COORDINATE_PATTERN,
  isValidPhone,
  LIMITS,
  normalizePhone,
  PHONE_MASK,
  STATION_PASSWORD_PATTERN,
} from './constants';

/** Validation building blocks shared by the server and the web app (SPEC.md section 5). */
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
