/**
 * GET /users/transactions/export/: the charges the list's filters select, in its order (charges.filters.ts), as xlsx or
 * csv streamed from a cursor by `platform/export.ts`. The columns read the list's own expressions (station name in
 * the request's language, delivered energy, duration), so the file says what the screen says; words in the request's
 * language, times in Bishkek.
 */
import type { TChargeSource, TChargeStatus, TLanguage, TPaymentMethod, TTransactionStatus } from '@zaryad/contracts';
import { eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ExportColumn, orderByOf, type TFetchedRow } from '../../platform/export';
import { stations } from '../stations';
import { appUsers } from '../users';
import { formatKwh } from './charges.engine';
import { chargeConditions, CHARGES_ORDER, type TChargeFilters } from './charges.filters';
import { deliveredWhSql, durationSecondsSql, stationNameColumn } from './charges.service';
import { charges } from './charges.tables';

type TWords<K extends string> = Readonly<Record<TLanguage, Readonly<Record<K, string>>>>;

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

/** A stored word answered in the request's language; a value the contract does not know is written as stored. */
const wordOf = <TKey extends string>(words: Readonly<Record<TKey, string>>, key: string | null) =>
  key === null ? '' : (words[key as TKey] ?? key);

/** What the export reads of a charge; the station's name in the request's language. */
export const chargeExportSelection = (language: TLanguage) => ({
  id: charges.id,
  ocppTransactionId: charges.ocppTransactionId,
  userName: appUsers.name,
  stationName: stationNameColumn(language),
  connectorName: charges.connectorName,
  appVersion: charges.appVersion,
  platform: charges.platform,
  source: charges.source,
  startedAt: charges.startedAt,
  finishedAt: charges.finishedAt,
  durationSeconds: durationSecondsSql(),
  deliveredWh: deliveredWhSql(),
  pricePerKwh: charges.pricePerKwh,
  discount: charges.discount,
  totalCost: charges.totalCost,
  paymentMethod: charges.paymentMethod,
  status: charges.status,
  transactionStatus: charges.transactionStatus,
});
export type TChargeExportRow = TFetchedRow<ReturnType<typeof chargeExportSelection>>;

/** The list's select over the export's fields: its filters, its order. */
export const chargeExportQuery =
  (db: Database, filters: TChargeFilters) =>
  (fields: Record<string, SQL.Aliased>): SQLWrapper =>
    db
      .select(fields)
      .from(charges)
      .innerJoin(stations, eq(stations.id, charges.stationId))
      .leftJoin(appUsers, eq(appUsers.id, charges.userId))
      .where(chargeConditions(filters))
      .orderBy(...orderByOf(CHARGES_ORDER));

/** The columns in order (issue 13): number … transaction status. */
export const chargeExportColumns = (language: TLanguage): ExportColumn<TChargeExportRow>[] => [
  { header: { ru: '№', en: 'No.', ky: '№' }, kind: 'integer', width: 10, value: (row) => row.id },
  {
    header: { ru: 'ID транзакции', en: 'Transaction ID', ky: 'Транзакциянын ID' },
    kind: 'integer',
    width: 14,
    value: (row) => row.ocppTransactionId,
  },
  {
    header: { ru: 'Пользователь', en: 'User', ky: 'Колдонуучу' },
    kind: 'text',
    width: 28,
    value: (row) => row.userName,
  },
  { header: { ru: 'Станция', en: 'Station', ky: 'Станция' }, kind: 'text', width: 28, value: (row) => row.stationName },
  {
    header: { ru: 'Коннектор', en: 'Connector', ky: 'Коннектор' },
    kind: 'text',
    width: 22,
    value: (row) => row.connectorName,
  },
  {
    header: { ru: 'Версия приложения', en: 'App version', ky: 'Тиркеменин версиясы' },
    kind: 'text',
    width: 12,
    value: (row) => row.appVersion,
  },
  {
    header: { ru: 'Платформа', en: 'Platform', ky: 'Платформа' },
    kind: 'text',
    width: 10,
    value: (row) =>
      row.platform === null ? '' : (PLATFORM_WORDS[Number(row.platform) as 1 | 2] ?? String(row.platform)),
  },
  {
    header: { ru: 'Источник', en: 'Source', ky: 'Булак' },
    kind: 'text',
    width: 14,
    value: (row) => wordOf(SOURCES[language], row.source),
  },
  {
    header: { ru: 'Начало', en: 'Start', ky: 'Башталышы' },
    kind: 'datetime',
    width: 20,
    value: (row) => row.startedAt,
  },
  {
    header: { ru: 'Окончание', en: 'Finish', ky: 'Аякташы' },
    kind: 'datetime',
    width: 20,
    value: (row) => row.finishedAt,
  },
  {
    header: { ru: 'Длительность', en: 'Duration', ky: 'Узактыгы' },
    kind: 'text',
    width: 12,
    value: (row) => formatDuration(Number(row.durationSeconds)),
  },
  {
    header: { ru: 'Потребление, кВт·ч', en: 'Consumption, kWh', ky: 'Керектөө, кВт·с' },
    kind: 'decimal',
    width: 14,
    value: (row) => formatKwh(Number(row.deliveredWh)),
  },
  {
    header: { ru: 'Тариф, сом/кВт·ч', en: 'Tariff, som/kWh', ky: 'Тариф, сом/кВт·с' },
    kind: 'money',
    width: 14,
    value: (row) => row.pricePerKwh,
  },
  {
    header: { ru: 'Скидка, сом', en: 'Discount, som', ky: 'Арзандатуу, сом' },
    kind: 'money',
    width: 12,
    value: (row) => row.discount,
  },
  {
    header: { ru: 'Итоговая стоимость, сом', en: 'Total cost, som', ky: 'Жалпы баасы, сом' },
    kind: 'money',
    width: 14,
    value: (row) => row.totalCost,
  },
  {
    header: { ru: 'Способ оплаты', en: 'Payment method', ky: 'Төлөө ыкмасы' },
    kind: 'text',
    width: 16,
    value: (row) => wordOf(PAYMENT_METHOD_WORDS[language], row.paymentMethod),
  },
  {
    header: { ru: 'Статус', en: 'Status', ky: 'Абалы' },
    kind: 'text',
    width: 16,
    value: (row) => wordOf(STATUS_WORDS[language], row.status),
  },
  {
    header: { ru: 'Статус транзакции', en: 'Transaction status', ky: 'Транзакциянын абалы' },
    kind: 'text',
    width: 14,
    value: (row) => wordOf(TRANSACTION_STATUS_WORDS[language], row.transactionStatus),
  },
];
