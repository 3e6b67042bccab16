/**
 * GET /users/transactions/export/: the charges the list's filters select, in its order (charges.filters.ts), as xlsx or
 * csv streamed by `platform/export.ts`. The columns read the list's own expressions (station name in
 * the request's language, delivered energy, duration), so the file says what the screen says; words in the request's
 * language, times in Bishkek.
 */
import type { TChargeSource, TChargeStatus, TLanguage, TPaymentMethod, TTransactionStatus } from '@zaryad/contracts';
import { eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  dateTimeCell,
  durationCell,
  type ExportColumn,
  kwhCell,
  moneyCell,
  numberCell,
  orderByOf,
  textCell,
  wordCell,
} from '../../platform/export';
import { stations } from '../stations';
import { appUsers } from '../users';
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
const PLATFORM_WORDS: Readonly<Record<string, string>> = { 1: 'iOS', 2: 'Android' };

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

/** The columns in order (issue 13): number … transaction status; the station's name in the request's language. */
export const chargeExportColumns = (language: TLanguage): ExportColumn[] => [
  { header: { ru: '№', en: 'No.', ky: '№' }, width: 10, ...numberCell(charges.id) },
  {
    header: { ru: 'ID транзакции', en: 'Transaction ID', ky: 'Транзакциянын ID' },
    width: 14,
    ...numberCell(charges.ocppTransactionId),
  },
  { header: { ru: 'Пользователь', en: 'User', ky: 'Колдонуучу' }, width: 28, ...textCell(appUsers.name) },
  { header: { ru: 'Станция', en: 'Station', ky: 'Станция' }, width: 28, ...textCell(stationNameColumn(language)) },
  { header: { ru: 'Коннектор', en: 'Connector', ky: 'Коннектор' }, width: 22, ...textCell(charges.connectorName) },
  {
    header: { ru: 'Версия приложения', en: 'App version', ky: 'Тиркеменин версиясы' },
    width: 12,
    ...textCell(charges.appVersion),
  },
  {
    header: { ru: 'Платформа', en: 'Platform', ky: 'Платформа' },
    width: 10,
    ...wordCell(charges.platform, PLATFORM_WORDS),
  },
  { header: { ru: 'Источник', en: 'Source', ky: 'Булак' }, width: 14, ...wordCell(charges.source, SOURCES[language]) },
  { header: { ru: 'Начало', en: 'Start', ky: 'Башталышы' }, width: 20, ...dateTimeCell(charges.startedAt) },
  { header: { ru: 'Окончание', en: 'Finish', ky: 'Аякташы' }, width: 20, ...dateTimeCell(charges.finishedAt) },
  { header: { ru: 'Длительность', en: 'Duration', ky: 'Узактыгы' }, width: 12, ...durationCell(durationSecondsSql()) },
  {
    header: { ru: 'Потребление, кВт·ч', en: 'Consumption, kWh', ky: 'Керектөө, кВт·с' },
    width: 14,
    ...kwhCell(deliveredWhSql()),
  },
  {
    header: { ru: 'Тариф, сом/кВт·ч', en: 'Tariff, som/kWh', ky: 'Тариф, сом/кВт·с' },
    width: 14,
    ...moneyCell(charges.pricePerKwh),
  },
  {
    header: { ru: 'Скидка, сом', en: 'Discount, som', ky: 'Арзандатуу, сом' },
    width: 12,
    ...moneyCell(charges.discount),
  },
  {
    header: { ru: 'Итоговая стоимость, сом', en: 'Total cost, som', ky: 'Жалпы баасы, сом' },
    width: 14,
    ...moneyCell(charges.totalCost),
  },
  {
    header: { ru: 'Способ оплаты', en: 'Payment method', ky: 'Төлөө ыкмасы' },
    width: 16,
    ...wordCell(charges.paymentMethod, PAYMENT_METHOD_WORDS[language]),
  },
  {
    header: { ru: 'Статус', en: 'Status', ky: 'Абалы' },
    width: 16,
    ...wordCell(charges.status, STATUS_WORDS[language]),
  },
  {
    header: { ru: 'Статус транзакции', en: 'Transaction status', ky: 'Транзакциянын абалы' },
    width: 14,
    ...wordCell(charges.transactionStatus, TRANSACTION_STATUS_WORDS[language]),
  },
];
