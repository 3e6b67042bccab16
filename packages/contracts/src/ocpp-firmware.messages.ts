/** Messages of firmware updates and diagnostics: docs/product/ocpp.md sections 5 and 8. */
const en = {
  firmware_file_required: 'Choose the firmware file',
  firmware_too_large: 'The firmware file must be {limit} MB or smaller',
  firmware_empty: 'The firmware file is empty',
  firmware_not_found: 'Firmware not found',
  diagnostics_too_large: 'The diagnostics file must be {limit} MB or smaller',
  diagnostics_empty: 'The diagnostics file is empty',
  diagnostics_not_found: 'Diagnostics file not found',
  file_link_invalid: 'The link is invalid or has expired',
  file_missing: 'The file is no longer stored on the server',
  retrieve_date_too_far: 'The date must be within {limit} days from now',
  diagnostics_period_invalid: 'The end of the period must be after its start',
} as const;

type TOcppFirmwareMessages = Record<keyof typeof en, string>;

const ru: TOcppFirmwareMessages = {
  firmware_file_required: 'Выберите файл прошивки',
  firmware_too_large: 'Файл прошивки должен быть не больше {limit} МБ',
  firmware_empty: 'Файл прошивки пуст',
  firmware_not_found: 'Прошивка не найдена',
  diagnostics_too_large: 'Файл диагностики должен быть не больше {limit} МБ',
  diagnostics_empty: 'Файл диагностики пуст',
  diagnostics_not_found: 'Файл диагностики не найден',
  file_link_invalid: 'Ссылка недействительна или её срок истёк',
  file_missing: 'Файл больше не хранится на сервере',
  retrieve_date_too_far: 'Дата должна быть не позже чем через {limit} дн.',
  diagnostics_period_invalid: 'Конец периода должен быть позже его начала',
};

const ky: TOcppFirmwareMessages = {
  firmware_file_required: 'Программанын файлын тандаңыз',
  firmware_too_large: 'Программанын файлы {limit} МБдан ашпашы керек',
  firmware_empty: 'Программанын файлы бош',
  firmware_not_found: 'Программа табылган жок',
  diagnostics_too_large: 'Диагностика файлы {limit} МБдан ашпашы керек',
  diagnostics_empty: 'Диагностика файлы бош',
  diagnostics_not_found: 'Диагностика файлы табылган жок',
  file_link_invalid: 'Шилтеме жараксыз же анын мөөнөтү бүттү',
  file_missing: 'Файл серверде мындан ары сакталбайт',
  retrieve_date_too_far: 'Күн азыркы учурдан тартып {limit} күндүн ичинде болушу керек',
  diagnostics_period_invalid: 'Мезгилдин аягы анын башталышынан кийин болушу керек',
};

export const OCPP_FIRMWARE_MESSAGES = { en, ru, ky } as const;
