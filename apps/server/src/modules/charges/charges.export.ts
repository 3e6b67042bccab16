/**
 * The columns of the charges export (GET /users/transactions/export/): the list's rows (toCharge, so the file says what
 * the screen says) as cells, headers and words in the request's language, times in Bishkek.
 */
import type {
  TCharge,
  TChargeSource,
  TChargeStatus,
  TLanguage,
  TPaymentMethod,
  TTransactionStatus,
} from '@zaryad/contracts';
import { formatBishkekDateTime } from '../../platform/bishkek-time';

type TWords<K extends string> = Record<TLanguage, Record<K, string>>;

const SOURCES: TWords<TChargeSource> = {
  ru: { app: 'Приложение', rfid: 'RFID-карта', operator: 'Оператор' },
  en: { app: 'App', rfid: 'RFID card', operator: 'Operator' },
  ky: { app: 'Тиркеме', rfid: 'RFID-карта', operator: 'Оператор' },
};

const PAYMENT_METHOD_WORDS: TWords<TPaymentMethod> = {
  ru: { cash: 'Наличные', other_card: 'Другая карта', personal_balance: 'Личный баланс', promotion: 'Акция' },
  en: { cash: 'Cash', other_card: 'Other card', personal_balance: 'Personal balance', promotion: 'Promotion' },
  ky: { cash: 'Накталай', other_card: 'Башка карта', personal_balance: 'Жеке баланс', promotion: 'Акция' },
};

const STATUS_WORDS: TWords<TChargeStatus> = {
  ru: {
    initiated: 'Инициирована',
    in_progress: 'Идёт зарядка',
    pause: 'Пауза',
    canceled: 'Отменена',
    not_completed: 'Не завершена',
    finished: 'Завершена',
    stopped: 'Остановлена',
    unauthorized: 'Не авторизована',
  },
  en: {
    initiated: 'Initiated',
    in_progress: 'In progress',
    pause: 'Paused',
    canceled: 'Canceled',
    not_completed: 'Not completed',
    finished: 'Finished',
    stopped: 'Stopped',
    unauthorized: 'Unauthorized',
  },
  ky: {
    initiated: 'Демилгеленди',
    in_progress: 'Кубаттоо жүрүп жатат',
    pause: 'Тыныгуу',
    canceled: 'Жокко чыгарылды',
    not_completed: 'Аягына чыккан жок',
    finished: 'Аяктады',
    stopped: 'Токтотулду',
    unauthorized: 'Авторизацияланган жок',
  },
};

const TRANSACTION_STATUS_WORDS: TWords<TTransactionStatus> = {
  ru: { successful: 'Успешная', failed: 'Неуспешная' },
  en: { successful: 'Successful', failed: 'Failed' },
  ky: { successful: 'Ийгиликтүү', failed: 'Ийгиликсиз' },
};

/** Platforms are named the same in every language. */
const PLATFORM_WORDS: Record<1 | 2, string> = { 1: 'iOS', 2: 'Android' };

/** `1:05:09`: hours, minutes and seconds of a duration. */
export const formatDuration = (seconds: number) => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
};

/** A cell: text or an integer; money and energy stay exact decimal text (`"246.90"`), marked `decimal`. */
export type TChargeCell = string | number;

export interface ChargeColumn {
  header: Record<TLanguage, string>;
  cell: (charge: TCharge, language: TLanguage) => TChargeCell;
  /** Exact decimal text a spreadsheet shows as a number (for sums); csv writes it as it is. */
  decimal?: true;
}

/** The export's columns in order (issue 13: number … transaction status). */
export const CHARGE_EXPORT_COLUMNS: readonly ChargeColumn[] = [
  { header: { ru: '№', en: 'No.', ky: '№' }, cell: (charge) => charge.number },
  {
    header: { ru: 'ID транзакции', en: 'Transaction ID', ky: 'Транзакциянын ID' },
    cell: (charge) => charge.ocpp_transaction_id,
  },
  { header: { ru: 'Пользователь', en: 'User', ky: 'Колдонуучу' }, cell: (charge) => charge.user?.name ?? '' },
  { header: { ru: 'Станция', en: 'Station', ky: 'Станция' }, cell: (charge) => charge.station.name },
  { header: { ru: 'Коннектор', en: 'Connector', ky: 'Коннектор' }, cell: (charge) => charge.connector.name },
  {
    header: { ru: 'Версия приложения', en: 'App version', ky: 'Тиркеменин версиясы' },
    cell: (charge) => charge.app_version,
  },
  {
    header: { ru: 'Платформа', en: 'Platform', ky: 'Платформа' },
    cell: (charge) => (charge.platform === null ? '' : PLATFORM_WORDS[charge.platform]),
  },
  {
    header: { ru: 'Источник', en: 'Source', ky: 'Булак' },
    cell: (charge, language) => SOURCES[language][charge.source],
  },
  {
    header: { ru: 'Начало', en: 'Start', ky: 'Башталышы' },
    cell: (charge) => formatBishkekDateTime(new Date(charge.started_at)),
  },
  {
    header: { ru: 'Окончание', en: 'Finish', ky: 'Аякташы' },
    cell: (charge) => (charge.finished_at === null ? '' : formatBishkekDateTime(new Date(charge.finished_at))),
  },
  {
    header: { ru: 'Длительность', en: 'Duration', ky: 'Узактыгы' },
    cell: (charge) => formatDuration(charge.duration),
  },
  {
    header: { ru: 'Потребление, кВт·ч', en: 'Consumption, kWh', ky: 'Керектөө, кВт·с' },
    cell: (charge) => charge.consumption_kwh,
    decimal: true,
  },
  {
    header: { ru: 'Тариф, сом/кВт·ч', en: 'Tariff, som/kWh', ky: 'Тариф, сом/кВт·с' },
    cell: (charge) => charge.tariff.price_per_kwh,
    decimal: true,
  },
  {
    header: { ru: 'Скидка, сом', en: 'Discount, som', ky: 'Арзандатуу, сом' },
    cell: (charge) => charge.discount,
    decimal: true,
  },
  {
    header: { ru: 'Итоговая стоимость, сом', en: 'Total cost, som', ky: 'Жалпы баасы, сом' },
    cell: (charge) => charge.total_cost,
    decimal: true,
  },
  {
    header: { ru: 'Способ оплаты', en: 'Payment method', ky: 'Төлөө ыкмасы' },
    cell: (charge, language) => PAYMENT_METHOD_WORDS[language][charge.payment_method],
  },
  {
    header: { ru: 'Статус', en: 'Status', ky: 'Абалы' },
    cell: (charge, language) => STATUS_WORDS[language][charge.status],
  },
  {
    header: { ru: 'Статус транзакции', en: 'Transaction status', ky: 'Транзакциянын абалы' },
    cell: (charge, language) =>
      charge.transaction_status === null ? '' : TRANSACTION_STATUS_WORDS[language][charge.transaction_status],
  },
];
