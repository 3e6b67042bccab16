/** Messages of charges: stopping one (SPEC.md sections 4 and 8). */
const en = {
  charge_not_found: 'Charge not found',
  charge_not_running: 'The charge is not in progress: it has already ended',
  charge_no_tariff: 'The connector has no personal tariff and its type has no active default rate',
  connector_not_found: 'The station has no connector {limit}',
  charge_stopped: 'The charge has been stopped',
  charge_stop_failed: 'The charge could not be stopped. Please try again.',
  charge_of_another_user: 'This charge belongs to another user',
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
};

const ky: TChargesMessages = {
  charge_not_found: 'Кубаттоо табылган жок',
  charge_not_running: 'Кубаттоо жүрүп жаткан жок: ал мурда эле бүткөн',
  charge_no_tariff: 'Коннектордун жеке тарифи жок, анын түрүнүн активдүү демейки тарифи да жок',
  connector_not_found: 'Станцияда {limit} коннектору жок',
  charge_stopped: 'Кубаттоо токтотулду',
  charge_stop_failed: 'Кубаттоону токтотуу мүмкүн болгон жок. Кайра аракет кылыңыз.',
  charge_of_another_user: 'Бул кубаттоо башка колдонуучуга таандык',
};

export const CHARGES_MESSAGES = { en, ru, ky } as const;
