/** Messages of charges: stopping one (docs/product/charges.md sections 4 and 8). */
const en = {
  charge_not_found: 'Charge not found',
  charge_not_running: 'The charge is not in progress: it has already ended',
  charge_no_tariff: 'The connector has no personal tariff and its type has no active default rate',
  connector_not_found: 'The station has no connector {limit}',
  charge_stopped: 'The charge has been stopped',
  charge_stop_failed: 'The charge could not be stopped. Please try again.',
  charge_of_another_user: 'This charge belongs to another user',
  charge_force_required:
    "The station's charge point is offline: confirm closing the charge without it, at its last meter reading",
  charge_point_silent_too_short:
    'The charge point went silent only recently and may still come back: it can be closed without it in {limit} min',
  weekday_invalid: 'Enter weekdays as numbers from 1 (Monday) to 7 (Sunday)',
} as const;

type TChargesMessages = Record<keyof typeof en, string>;

const ru: TChargesMessages = {
  charge_not_found: 'Зарядка не найдена',
  charge_not_running: 'Зарядка не идёт: она уже завершена',
  charge_no_tariff: 'У коннектора нет персонального тарифа, а у его типа нет активного тарифа по умолчанию',
  connector_not_found: 'У станции нет коннектора {limit}',
  charge_stopped: 'Зарядка остановлена',
  charge_stop_failed: 'Не удалось остановить зарядку. Попробуйте ещё раз.',
  charge_of_another_user: 'Эта зарядка принадлежит другому пользователю',
  charge_force_required:
    'Зарядная станция не на связи: подтвердите закрытие зарядки без неё, по последнему показанию счётчика',
  charge_point_silent_too_short:
    'Зарядная станция замолчала недавно и ещё может выйти на связь: закрыть зарядку без неё можно через {limit} мин',
  weekday_invalid: 'Укажите дни недели числами от 1 (понедельник) до 7 (воскресенье)',
};

const ky: TChargesMessages = {
  charge_not_found: 'Кубаттоо табылган жок',
  charge_not_running: 'Кубаттоо жүрүп жаткан жок: ал мурда эле бүткөн',
  charge_no_tariff: 'Коннектордун жеке тарифи жок, анын түрүнүн активдүү демейки тарифи да жок',
  connector_not_found: 'Станцияда {limit} коннектору жок',
  charge_stopped: 'Кубаттоо токтотулду',
  charge_stop_failed: 'Кубаттоону токтотуу мүмкүн болгон жок. Кайра аракет кылыңыз.',
  charge_of_another_user: 'Бул кубаттоо башка колдонуучуга таандык',
  charge_force_required:
    'Кубаттоо түзмөгү байланышта эмес: кубаттоону түзмөксүз, эсептегичтин акыркы көрсөткүчү боюнча жабууну ырастаңыз',
  charge_point_silent_too_short:
    'Кубаттоо түзмөгү жакында эле үнсүз калды, кайра байланышка чыгышы мүмкүн: кубаттоону түзмөксүз {limit} мүнөттөн кийин жабууга болот',
  weekday_invalid: 'Жуманын күндөрүн 1ден (дүйшөмбү) 7ге (жекшемби) чейинки сандар менен жазыңыз',
};

export const CHARGES_MESSAGES = { en, ru, ky } as const;
