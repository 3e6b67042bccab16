import type { ALERTS_MESSAGES } from './alerts.messages';
import type { APP_MESSAGES } from './app.messages';
import type { BANNERS_MESSAGES } from './banners.messages';
import { CATALOGUE_MESSAGES } from './catalogue.messages';
import type { CHARGES_MESSAGES } from './charges.messages';
import type { ANALYTICS_MESSAGES } from './analytics.messages';
import { NETWORK_MESSAGES } from './network.messages';
import type { NOTIFICATIONS_MESSAGES } from './notifications.messages';
import type { OCPP_MESSAGES } from './ocpp.messages';
import type { OCPP_AUTH_MESSAGES } from './ocpp-auth.messages';
import type { OCPP_FIRMWARE_MESSAGES } from './ocpp-firmware.messages';
import type { OCPP_SMART_MESSAGES } from './ocpp-smart.messages';
import type { PAYMENTS_MESSAGES } from './payments.messages';
import { PERMISSION_MESSAGES } from './permissions.messages';
import type { PROMO_CODES_MESSAGES } from './promo-codes.messages';
import type { PROMOTIONS_MESSAGES } from './promotions.messages';
import type { REFERRALS_MESSAGES } from './referrals.messages';
import type { UPTIME_MESSAGES } from './uptime.messages';
import { USERS_MESSAGES } from './users.messages';
import type { TLanguage } from './common';
import { numberFormat } from './number-format';

/**
 * Messages the server sends and the web app shows for validation and errors (docs/product/common.md sections 5 and 8),
 * in every language. Schemas carry the key (optionally `key:limit`); `translateMessage` renders it.
 */
const baseEn = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  max_length: 'Ensure this field has no more than {limit} characters.',
  name_limit: 'The name must not exceed {limit} characters.',
  invalid: 'Invalid value.',
  invalid_type: 'Incorrect type.',
  unknown_field: 'Unknown field.',
  invalid_choice: 'Select a valid choice.',
  number_invalid: 'A valid number is required.',
  integer_invalid: 'A valid integer is required.',
  min_value: 'Ensure this value is greater than or equal to {limit}.',
  max_value: 'Ensure this value is less than or equal to {limit}.',
  page_size_invalid: 'Invalid page size.',
  date_invalid: 'Enter a valid date.',
  email_required: 'Enter your email address',
  email_invalid: 'Your email address is not valid',
  email_taken: 'This email address is already in use',
  password_required: 'Enter your password',
  password_min: 'The password must contain at least {limit} characters',
  password_mismatch: 'Password mismatch',
  phone_required: 'Enter a phone number',
  phone_invalid: 'The phone number must contain 12 digits',
  role_invalid: 'Select a role',
  invalid_credentials: 'Invalid email or password',
  account_blocked: 'This account is blocked. Contact your administrator.',
  too_many_attempts: 'Too many attempts. Try again in {limit} seconds.',
  not_authenticated: 'Authentication credentials were not provided.',
  token_invalid: 'The token is invalid or expired.',
  reset_token_invalid: 'The password recovery link is invalid or has already been used.',
  reset_requested: 'If an account with this email exists, we have sent a password recovery link to it.',
  password_changed: 'The password has been changed. Sign in with the new password.',
  not_found: 'Not found.',
  route_not_found: 'No such API path: {limit}',
  method_not_allowed: 'Method not allowed.',
  malformed_json: 'The request body is not valid JSON.',
  malformed_multipart: 'The multipart request body is malformed.',
  invalid_character: 'Invalid character in the text.',
  image_too_many_pixels: 'Image over 8000 × 8000 pixels or 40 megapixels.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'Unsupported media type.',
  server_error: 'An error occurred while processing the request',
  server_busy: 'The server is busy. Please try again in a moment.',
  cannot_block_self: 'You cannot block your own account.',
  min_length: 'Ensure this field has at least {limit} characters.',
  min_items: 'Select at least {limit} items.',
  max_items: 'Select no more than {limit} items.',
  role_superadmin: 'Superadmin',
  role_manager: 'Manager',
  role_operator: 'Operator',
  records_not_found: 'No records with these ids: {limit}',
} as const;

/**
 * Each domain keeps its own messages in `<domain>.messages.ts` as `{ en, ru, ky }`, ru and ky typed against its en
 * keys; a new domain adds one line to this list. They all share one key space.
 */
const DOMAIN_MESSAGES = [CATALOGUE_MESSAGES, NETWORK_MESSAGES, PERMISSION_MESSAGES, USERS_MESSAGES] as const;

type TIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
type TDomainMessages = TIntersection<(typeof DOMAIN_MESSAGES)[number]['en']>;

/** One language's messages of every domain; each domain file's types guarantee that every key is there. */
const domainMessages = (language: TLanguage): TDomainMessages =>
  Object.assign({}, ...DOMAIN_MESSAGES.map((messages) => messages[language]));

const en = { ...baseEn, ...domainMessages('en') } as const;

/**
 * Domains whose messages are registered when their contract module loads (`registerMessages`), not listed above: the
 * web app's login screen carries every message listed above, and these belong to screens that load them themselves.
 * The server imports every contract module, so it knows them all from the start.
 */
type TLateMessages = (typeof BANNERS_MESSAGES)['en'] &
  (typeof APP_MESSAGES)['en'] &
  (typeof ALERTS_MESSAGES)['en'] &
  (typeof CHARGES_MESSAGES)['en'] &
  (typeof ANALYTICS_MESSAGES)['en'] &
  (typeof PROMOTIONS_MESSAGES)['en'] &
  (typeof PROMO_CODES_MESSAGES)['en'] &
  (typeof REFERRALS_MESSAGES)['en'] &
  (typeof OCPP_AUTH_MESSAGES)['en'] &
  (typeof OCPP_FIRMWARE_MESSAGES)['en'] &
  (typeof OCPP_SMART_MESSAGES)['en'] &
  (typeof OCPP_MESSAGES)['en'] &
  (typeof NOTIFICATIONS_MESSAGES)['en'] &
  (typeof UPTIME_MESSAGES)['en'] &
  (typeof PAYMENTS_MESSAGES)['en'];

type TEagerKey = keyof typeof en;
export type TMessageKey = TEagerKey | keyof TLateMessages;
type TCatalogue = Record<TEagerKey, string>;

const ru: TCatalogue = {
  ...domainMessages('ru'),
  required: 'Обязательное поле.',
  blank: 'Это поле не может быть пустым.',
  max_length: 'Убедитесь, что это поле содержит не более {limit} символов.',
  name_limit: 'Название не должно превышать {limit} символов.',
  invalid: 'Недопустимое значение.',
  invalid_type: 'Неверный тип значения.',
  unknown_field: 'Неизвестное поле.',
  invalid_choice: 'Выберите корректный вариант.',
  number_invalid: 'Требуется корректное число.',
  integer_invalid: 'Требуется целое число.',
  min_value: 'Значение должно быть не меньше {limit}.',
  max_value: 'Значение должно быть не больше {limit}.',
  page_size_invalid: 'Недопустимый размер страницы.',
  date_invalid: 'Введите корректную дату.',
  email_required: 'Введите адрес электронной почты',
  email_invalid: 'Адрес электронной почты недействителен',
  email_taken: 'Этот адрес электронной почты уже используется',
  password_required: 'Введите пароль',
  password_min: 'Пароль должен содержать не менее {limit} символов',
  password_mismatch: 'Пароли не совпадают',
  phone_required: 'Введите номер телефона',
  phone_invalid: 'Номер телефона должен содержать 12 цифр',
  role_invalid: 'Выберите роль',
  invalid_credentials: 'Неверный адрес электронной почты или пароль',
  account_blocked: 'Эта учётная запись заблокирована. Обратитесь к администратору.',
  too_many_attempts: 'Слишком много попыток. Повторите через {limit} с.',
  not_authenticated: 'Учётные данные не предоставлены.',
  token_invalid: 'Токен недействителен или истёк.',
  reset_token_invalid: 'Ссылка для восстановления пароля недействительна или уже использована.',
  reset_requested:
    'Если учётная запись с этим адресом существует, мы отправили на него ссылку для восстановления пароля.',
  password_changed: 'Пароль изменён. Войдите с новым паролем.',
  not_found: 'Не найдено.',
  route_not_found: 'Такого пути API нет: {limit}',
  method_not_allowed: 'Метод не разрешён.',
  malformed_json: 'Тело запроса не является корректным JSON.',
  malformed_multipart: 'Тело multipart-запроса повреждено.',
  invalid_character: 'Недопустимый символ в тексте.',
  image_too_many_pixels: 'Изображение больше 8000 × 8000 пикселей или 40 мегапикселей.',
  payload_too_large: 'Тело запроса слишком велико.',
  unsupported_media_type: 'Неподдерживаемый тип содержимого.',
  server_error: 'Произошла ошибка при обработке запроса',
  server_busy: 'Сервер перегружен. Повторите попытку через мгновение.',
  cannot_block_self: 'Нельзя заблокировать собственную учётную запись.',
  min_length: 'Убедитесь, что это поле содержит не менее {limit} символов.',
  min_items: 'Выберите не менее {limit} элементов.',
  max_items: 'Выберите не более {limit} элементов.',
  role_superadmin: 'Суперадминистратор',
  role_manager: 'Менеджер',
  role_operator: 'Оператор',
  records_not_found: 'Нет записей с такими id: {limit}',
};

const ky: TCatalogue = {
  ...domainMessages('ky'),
  required: 'Милдеттүү талаа.',
  blank: 'Бул талаа бош болбошу керек.',
  max_length: 'Бул талаада {limit} белгиден ашпашы керек.',
  name_limit: 'Аталышы {limit} белгиден ашпашы керек.',
  invalid: 'Жараксыз маани.',
  invalid_type: 'Маанинин түрү туура эмес.',
  unknown_field: 'Белгисиз талаа.',
  invalid_choice: 'Туура вариантты тандаңыз.',
  number_invalid: 'Туура сан киргизиңиз.',
  integer_invalid: 'Бүтүн сан киргизиңиз.',
  min_value: 'Маани {limit} кем эмес болушу керек.',
  max_value: 'Маани {limit} ашпашы керек.',
  page_size_invalid: 'Барактын өлчөмү жараксыз.',
  date_invalid: 'Туура күндү киргизиңиз.',
  email_required: 'Электрондук почтаңыздын дарегин киргизиңиз',
  email_invalid: 'Электрондук почтаңыздын дареги жараксыз',
  email_taken: 'Бул электрондук почта дареги мурунтан колдонулууда',
  password_required: 'Сырсөздү киргизиңиз',
  password_min: 'Сырсөз кеминде {limit} белгиден турушу керек',
  password_mismatch: 'Сырсөздөр дал келбейт',
  phone_required: 'Телефон номерин киргизиңиз',
  phone_invalid: 'Телефон номери 12 сандан турушу керек',
  role_invalid: 'Ролду тандаңыз',
  invalid_credentials: 'Электрондук почта же сырсөз туура эмес',
  account_blocked: 'Бул эсеп бөгөттөлгөн. Администраторго кайрылыңыз.',
  too_many_attempts: 'Аракеттер өтө көп. {limit} секунддан кийин кайталаңыз.',
  not_authenticated: 'Аутентификация маалыматтары берилген жок.',
  token_invalid: 'Токен жараксыз же мөөнөтү бүткөн.',
  reset_token_invalid: 'Сырсөздү калыбына келтирүү шилтемеси жараксыз же мурунтан колдонулган.',
  reset_requested: 'Эгер бул дарек менен эсеп бар болсо, ага сырсөздү калыбына келтирүү шилтемесин жөнөттүк.',
  password_changed: 'Сырсөз өзгөртүлдү. Жаңы сырсөз менен кириңиз.',
  not_found: 'Табылган жок.',
  route_not_found: 'Мындай API жолу жок: {limit}',
  method_not_allowed: 'Бул ыкмага уруксат жок.',
  malformed_json: 'Сурамдын денеси туура JSON эмес.',
  malformed_multipart: 'Multipart сурамынын денеси бузук.',
  invalid_character: 'Тексте жараксыз белги бар.',
  image_too_many_pixels: 'Сүрөт 8000 × 8000 пикселден же 40 мегапикселден чоң.',
  payload_too_large: 'Сурамдын денеси өтө чоң.',
  unsupported_media_type: 'Колдоого алынбаган мазмун түрү.',
  server_error: 'Сурамды иштеп чыгууда ката кетти',
  server_busy: 'Сервер бош эмес. Бир аздан кийин кайра аракет кылыңыз.',
  cannot_block_self: 'Өз эсебиңизди бөгөттөй албайсыз.',
  min_length: 'Бул талаада кеминде {limit} белги болушу керек.',
  min_items: 'Кеминде {limit} элемент тандаңыз.',
  max_items: '{limit} элементтен ашык тандабаңыз.',
  role_superadmin: 'Супер администратор',
  role_manager: 'Менеджер',
  role_operator: 'Оператор',
  records_not_found: 'Мындай id менен жазуулар жок: {limit}',
};

export const MESSAGES: Record<TLanguage, TCatalogue> = { ru, en, ky };

const LATE: Record<TLanguage, Record<string, string>> = { ru: {}, en: {}, ky: {} };

/** Adds a domain's messages (see TLateMessages); its contract module calls it once, when it loads. */
export const registerMessages = (messages: Record<TLanguage, Readonly<Record<string, string>>>) => {
  for (const language of Object.keys(LATE) as TLanguage[]) {
    Object.assign(LATE[language], messages[language]);
  }
};

export const isMessageKey = (key: string): key is TMessageKey => Object.hasOwn(en, key) || Object.hasOwn(LATE.en, key);

const lookUp = (language: TLanguage, key: TMessageKey): string =>
  Object.hasOwn(MESSAGES[language], key) ? MESSAGES[language][key as TEagerKey] : (LATE[language][key] ?? key);

/** A plural message's `_one`, `_few` or `_many` variant for the count in `limit`, by the language's plural rule. */
const pluralVariant = (key: TMessageKey, limit: string, language: TLanguage): TMessageKey => {
  const count = Number(limit);
  if (limit === '' || !Number.isFinite(count)) {
    return key;
  }
  const variant = `${key}_${new Intl.PluralRules(language).select(count)}`;
  return isMessageKey(variant) ? variant : key;
};

/** An amount of money in a message (`top_up_amount_min:1500.00`): som with exactly 2 decimals. */
const MONEY_LIMIT = /^-?\d+\.\d{2}$/;

/**
 * A message's `{limit}` as the language writes it: an amount of money with the house's formatter (`1 500,00` in
 * Russian and Kyrgyz, `1,500.00` in English), anything else (a length, a date, a count) as it came.
 */
const limitText = (limit: string, language: TLanguage) =>
  MONEY_LIMIT.test(limit) ? numberFormat(language).money(limit) : limit;

/**
 * Renders a message key such as `max_length:100` in a language. A text that is not a key is returned as is,
 * so that a free-form message never turns into nothing.
 */
export const translateMessage = (message: string, language: TLanguage): string => {
  const separator = message.indexOf(':');
  const key = separator === -1 ? message : message.slice(0, separator);
  const limit = separator === -1 ? '' : message.slice(separator + 1);
  if (!isMessageKey(key)) {
    return message;
  }
  return lookUp(language, pluralVariant(key, limit, language)).replace('{limit}', limitText(limit, language));
};
