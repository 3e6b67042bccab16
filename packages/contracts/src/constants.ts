/**
 * Plain values with no zod schema around them. Browser code that only needs a constant imports this module
 * alone (through the barrel, `sideEffects: false`), not the schemas built at the top of common.ts and the
 * zod runtime they drag along.
 */

/** Interface and API languages. ru is the default and the fallback. */
export const LANGUAGES = ['ru', 'en', 'ky'] as const;
export const DEFAULT_LANGUAGE: (typeof LANGUAGES)[number] = 'ru';

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/**
 * The most rows one page of any list answers. A page is built in memory (and a table renders it), so it stays bounded
 * at millions of rows; select-all of a longer list reads it page by page (apps/web DataTable).
 */
export const MAX_PAGE_SIZE = 1000;
/** Tags and infrastructure pickers load this many at once (docs/product/common.md#9-limits). */
export const PICKER_PAGE_SIZE = 100;

/** Record status codes: 0 active, 1 inactive (or blocked, for dashboard accounts). */
export const STATUS = { active: 0, inactive: 1 } as const;

/** Validation limits shared by the server and the web app (docs/product/common.md#5-validation). */
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
  roleName: 100,
  merchantName: 100,
  agreementNumber: 50,
} as const;

/** The phone mask of the web app's phone input. */
export const PHONE_MASK = '+999 (999) 99-99-99';

/** Non-digits are stripped and exactly 12 digits must remain. */
export const normalizePhone = (value: string) => value.replace(/\D/g, '');

/**
 * Lays a phone's digits into PHONE_MASK (`996555123456` → `+996 (555) 12-34-56`), as every screen shows a phone: the
 * web app's lists and input, and the answers the server writes for them (the global search's subtitles). The text
 * stops after the last digit, so a half-typed number has no trailing bracket or dash; digits past the mask are left out.
 */
export const formatPhone = (digits: string): string => {
  let text = '';
  let used = 0;
  for (const slot of PHONE_MASK) {
    if (used >= digits.length) {
      break;
    }
    if (slot === '9') {
      text += digits.charAt(used);
      used += 1;
    } else {
      text += slot;
    }
  }
  return text;
};
export const isValidPhone = (value: string) => normalizePhone(value).length === LIMITS.phoneDigits;

/** Latitude and longitude: optional minus, up to 3 integer digits, up to 6 decimals. */
export const COORDINATE_PATTERN = /^-?\d{1,3}(\.\d{1,6})?$/;
/** Station password: letters and digits only. */
export const STATION_PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;

/** POST /stations/reset/{identity}/: the OCPP reset kinds. */
export const RESET_TYPES = ['Hard', 'Soft'] as const;
