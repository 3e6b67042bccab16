/**
 * Messages of charge points' commands (docs/product/ocpp.md sections 5 and 8): a command's outcome as the command call
 * answers it in `detail`, and the refusals of a remote start.
 */
const en = {
  command_accepted: 'The charge point accepted the command',
  command_reboot_required: 'The charge point accepted the change: it takes effect after a reboot',
  command_rejected: 'The charge point rejected the command',
  command_timeout: 'The charge point did not answer in time',
  command_not_connected: 'The charge point is not connected',
  command_failed: 'The charge point answered with an error',
  ocpp_driver_required: 'Give the driver: an id tag or an app user, one of the two',
  ocpp_id_tag_unknown: 'No driver of the network has this id tag',
  ocpp_driver_not_found: 'App user not found',
  ocpp_driver_without_id_tag: 'The driver has no id tag (an app token or an RFID card) to start a charge with',
  ocpp_driver_may_not_charge: 'The driver may not charge: blocked, or the balance is not above the minimum',
  ocpp_bulk_too_many: 'At most {limit} stations at once',
  ocpp_bulk_station_not_found: 'Station not found',
  local_list_sent: 'The charge point accepted the full list, version {limit}',
  local_list_not_sent: 'The charge point did not take the full list',
} as const;

type TOcppMessages = Record<keyof typeof en, string>;

const ru: TOcppMessages = {
  command_accepted: 'Зарядная станция приняла команду',
  command_reboot_required: 'Зарядная станция приняла изменение: оно вступит в силу после перезагрузки',
  command_rejected: 'Зарядная станция отклонила команду',
  command_timeout: 'Зарядная станция не ответила вовремя',
  command_not_connected: 'Зарядная станция не подключена',
  command_failed: 'Зарядная станция ответила ошибкой',
  ocpp_driver_required: 'Укажите водителя: идентификатор (id tag) или пользователя приложения, что-то одно',
  ocpp_id_tag_unknown: 'Ни у одного водителя сети нет такого идентификатора',
  ocpp_driver_not_found: 'Пользователь приложения не найден',
  ocpp_driver_without_id_tag:
    'У водителя нет идентификатора (токена приложения или RFID-карты), с которым можно начать зарядку',
  ocpp_driver_may_not_charge: 'Водителю нельзя заряжаться: он заблокирован или его баланс не выше минимального',
  ocpp_bulk_too_many: 'Не больше {limit} станций за раз',
  ocpp_bulk_station_not_found: 'Станция не найдена',
  local_list_sent: 'Зарядная станция приняла полный список, версия {limit}',
  local_list_not_sent: 'Зарядная станция не приняла полный список',
};

const ky: TOcppMessages = {
  command_accepted: 'Кубаттоо түзмөгү буйрукту кабыл алды',
  command_reboot_required: 'Кубаттоо түзмөгү өзгөртүүнү кабыл алды: ал кайра жүктөлгөндөн кийин күчүнө кирет',
  command_rejected: 'Кубаттоо түзмөгү буйрукту четке какты',
  command_timeout: 'Кубаттоо түзмөгү убагында жооп берген жок',
  command_not_connected: 'Кубаттоо түзмөгү туташкан эмес',
  command_failed: 'Кубаттоо түзмөгү ката менен жооп берди',
  ocpp_driver_required: 'Айдоочуну көрсөтүңүз: идентификаторун (id tag) же колдонмонун колдонуучусун, бирөөнү гана',
  ocpp_id_tag_unknown: 'Тармактын бир да айдоочусунда мындай идентификатор жок',
  ocpp_driver_not_found: 'Колдонмонун колдонуучусу табылган жок',
  ocpp_driver_without_id_tag:
    'Айдоочунун кубаттоону баштай турган идентификатору (колдонмо токени же RFID картасы) жок',
  ocpp_driver_may_not_charge: 'Айдоочуга кубаттоого болбойт: ал бөгөттөлгөн же балансы минимумдан жогору эмес',
  ocpp_bulk_too_many: 'Бир эле учурда {limit} станциядан ашпайт',
  ocpp_bulk_station_not_found: 'Станция табылган жок',
  local_list_sent: 'Кубаттоо түзмөгү толук тизмени кабыл алды, версиясы {limit}',
  local_list_not_sent: 'Кубаттоо түзмөгү толук тизмени кабыл алган жок',
};

export const OCPP_MESSAGES = { en, ru, ky } as const;
