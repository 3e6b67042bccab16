/** Messages of the Smart Charging profile's power limits (docs/product/ocpp.md sections 4 and 8). */
const en = {
  power_limit_positive: 'The limit must be greater than 0 kW',
  power_limit_too_high: 'The limit must be at most {limit} kW',
  power_limit_step: 'The limit is given in steps of 0.1 kW',
  power_window_time_invalid: 'Enter a time as HH:MM (00:00 to 24:00)',
  power_window_order: 'A time window must end after it starts',
  power_windows_overlap: 'Time windows must not overlap',
  power_windows_too_many: 'At most {limit} time windows',
  power_limit_not_set: 'No power limit is set',
} as const;

type TOcppSmartMessages = Record<keyof typeof en, string>;

const ru: TOcppSmartMessages = {
  power_limit_positive: 'Лимит должен быть больше 0 кВт',
  power_limit_too_high: 'Лимит должен быть не больше {limit} кВт',
  power_limit_step: 'Лимит задаётся с шагом 0,1 кВт',
  power_window_time_invalid: 'Введите время в виде ЧЧ:ММ (от 00:00 до 24:00)',
  power_window_order: 'Интервал времени должен заканчиваться позже, чем начинается',
  power_windows_overlap: 'Интервалы времени не должны пересекаться',
  power_windows_too_many: 'Не больше {limit} интервалов времени',
  power_limit_not_set: 'Лимит мощности не задан',
};

const ky: TOcppSmartMessages = {
  power_limit_positive: 'Чек 0 кВттан жогору болушу керек',
  power_limit_too_high: 'Чек {limit} кВттан ашпашы керек',
  power_limit_step: 'Чек 0,1 кВт кадам менен берилет',
  power_window_time_invalid: 'Убакытты СС:ММ түрүндө жазыңыз (00:00дөн 24:00гө чейин)',
  power_window_order: 'Убакыт аралыгы башталгандан кийин бүтүшү керек',
  power_windows_overlap: 'Убакыт аралыктары бири-бирине кирбеши керек',
  power_windows_too_many: 'Эң көп {limit} убакыт аралыгы',
  power_limit_not_set: 'Кубаттуулук чеги коюлган эмес',
};

export const OCPP_SMART_MESSAGES = { en, ru, ky } as const;
