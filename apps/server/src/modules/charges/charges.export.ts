/**
 * GET /users/transactions/export/: the charges the list's filters select, in its order (charges.filters.ts), as xlsx or
 * csv streamed by `platform/export`. The columns read the list's own expressions (station name in
 * the request's language, delivered energy, duration), so the file says what the screen says; words in the request's
 * language, times in Bishkek.
 */
import type { TChargeSource, TChargeStatus, TLanguage, TTransactionStatus } from '@zaryad/contracts';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  column,
  dateTimeCell,
  durationCell,
  type ExportColumn,
  kwhCell,
  moneyCell,
  numberCell,
  orderByOf,
  textCell,
  type TWords,
  wordCell,
} from '../../platform/export';
import { stations } from '../stations';
import { appUsers, PAYMENT_METHOD_WORDS } from '../users';
import { chargeConditions, CHARGES_ORDER, type TChargeFilters } from './charges.filters';
import { connectorNameSql, deliveredWhSql, durationSecondsSql, stationNameColumn } from './charges.service';
import { charges } from './charges.tables';

const SOURCES: TWords<TChargeSource> = {
  ru: { app: 'Приложение', rfid: 'RFID-карта', operator: 'Оператор' },
  en: { app: 'App', rfid: 'RFID card', operator: 'Operator' },
  ky: { app: 'Тиркеме', rfid: 'RFID-карта', operator: 'Оператор' },
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

/** A component of the stored cost breakdown (som text) in tyiyn; null without a breakdown. */
const breakdownTyiyn = (component: 'energy' | 'time' | 'idle' | 'session') =>
  sql`((${charges.costBreakdown} ->> ${sql.raw(`'${component}'`)})::numeric * 100)::bigint`;

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
  column(['№', 'No.', '№'], 10, numberCell(charges.id)),
  column(['ID транзакции', 'Transaction ID', 'Транзакциянын ID'], 14, numberCell(charges.ocppTransactionId)),
  column(['Пользователь', 'User', 'Колдонуучу'], 28, textCell(appUsers.name)),
  column(['Станция', 'Station', 'Станция'], 28, textCell(stationNameColumn(language))),
  column(['Коннектор', 'Connector', 'Коннектор'], 22, textCell(connectorNameSql(language))),
  column(['Версия приложения', 'App version', 'Тиркеменин версиясы'], 12, textCell(charges.appVersion)),
  column(['Платформа', 'Platform', 'Платформа'], 10, wordCell(charges.platform, PLATFORM_WORDS)),
  column(['Источник', 'Source', 'Булак'], 14, wordCell(charges.source, SOURCES[language])),
  column(['Начало', 'Start', 'Башталышы'], 20, dateTimeCell(charges.startedAt)),
  column(['Окончание', 'Finish', 'Аякташы'], 20, dateTimeCell(charges.finishedAt)),
  column(['Длительность', 'Duration', 'Узактыгы'], 12, durationCell(durationSecondsSql())),
  column(['Потребление, кВт·ч', 'Consumption, kWh', 'Керектөө, кВт·саат'], 14, kwhCell(deliveredWhSql())),
  column(['Тариф, сом/кВт·ч', 'Tariff, som/kWh', 'Тариф, сом/кВт·саат'], 14, moneyCell(charges.pricePerKwh)),
  // The cost breakdown of tariffs II (docs/product/rates.md); empty for charges booked before it.
  column(['Энергия, сом', 'Energy, som', 'Энергия, сом'], 12, moneyCell(breakdownTyiyn('energy'))),
  column(['Время зарядки, сом', 'Charging time, som', 'Кубаттоо убактысы, сом'], 12, moneyCell(breakdownTyiyn('time'))),
  column(['Простой, сом', 'Idle time, som', 'Бош туруу, сом'], 12, moneyCell(breakdownTyiyn('idle'))),
  column(
    ['Плата за сессию, сом', 'Session fee, som', 'Сессия үчүн төлөм, сом'],
    12,
    moneyCell(breakdownTyiyn('session')),
  ),
  column(['Скидка, сом', 'Discount, som', 'Арзандатуу, сом'], 12, moneyCell(charges.discount)),
  column(['Итоговая стоимость, сом', 'Total cost, som', 'Жалпы баасы, сом'], 14, moneyCell(charges.totalCost)),
  column(
    ['Способ оплаты', 'Payment method', 'Төлөө ыкмасы'],
    16,
    wordCell(charges.paymentMethod, PAYMENT_METHOD_WORDS[language]),
  ),
  column(['Статус', 'Status', 'Абалы'], 16, wordCell(charges.status, STATUS_WORDS[language])),
  column(
    ['Статус транзакции', 'Transaction status', 'Транзакциянын абалы'],
    14,
    wordCell(charges.transactionStatus, TRANSACTION_STATUS_WORDS[language]),
  ),
];
