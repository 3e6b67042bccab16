/**
 * GET /users/export/ and GET /users/payments/export/: the users list and the statement as xlsx or csv, with the
 * lists' own filters and order (users.filters.ts), streamed from a cursor by `platform/export.ts`.
 */
import {
  type TBalanceBasis,
  type TGender,
  type TLanguage,
  type TPaymentMethod,
  ZPaymentExportQuery,
  ZUserExportQuery,
} from '@zaryad/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ageOn, bishkekToday } from '../../platform/bishkek-time';
import { type ExportColumn, orderByOf, sendExport, type TFetchedRow } from '../../platform/export';
import { EXPORT_NOTE, exportResponses } from '../../platform/route-schemas';
import { accounts } from '../accounts';
import { PAYMENTS_ORDER, paymentConditions, USERS_ORDER, userConditions } from './users.filters';
import { appUsers, balanceEntries } from './users.tables';

type TWords<TKey extends string> = Readonly<Record<TLanguage, Readonly<Record<TKey, string>>>>;

const GENDER_WORDS: TWords<TGender> = {
  ru: { male: 'Мужской', female: 'Женский' },
  en: { male: 'Male', female: 'Female' },
  ky: { male: 'Эркек', female: 'Аял' },
};

const STATUS_WORDS: TWords<'active' | 'blocked'> = {
  ru: { active: 'Активен', blocked: 'Заблокирован' },
  en: { active: 'Active', blocked: 'Blocked' },
  ky: { active: 'Активдүү', blocked: 'Бөгөттөлгөн' },
};

const BASIS_WORDS: TWords<TBalanceBasis> = {
  ru: {
    top_up: 'Пополнение оператором',
    charge_payment: 'Оплата зарядки',
    refund: 'Возврат',
    promotion_bonus: 'Бонус по акции',
    referral_bonus: 'Реферальный бонус',
    correction: 'Корректировка',
  },
  en: {
    top_up: 'Top-up by an operator',
    charge_payment: 'Charge payment',
    refund: 'Refund',
    promotion_bonus: 'Promotion bonus',
    referral_bonus: 'Referral bonus',
    correction: 'Correction',
  },
  ky: {
    top_up: 'Оператор толуктаган',
    charge_payment: 'Кубаттоо үчүн төлөм',
    refund: 'Кайтарым',
    promotion_bonus: 'Акция боюнча бонус',
    referral_bonus: 'Реферал бонусу',
    correction: 'Оңдоо',
  },
};

const METHOD_WORDS: TWords<TPaymentMethod> = {
  ru: { cash: 'Наличные', other_card: 'Другая карта', personal_balance: 'Личный баланс', promotion: 'Акция' },
  en: { cash: 'Cash', other_card: 'Other card', personal_balance: 'Personal balance', promotion: 'Promotion' },
  ky: { cash: 'Накталай', other_card: 'Башка карта', personal_balance: 'Жеке баланс', promotion: 'Акция' },
};

/** A stored word answered in the request's language; a value the contract does not know is written as stored. */
const wordOf = <TKey extends string>(words: Readonly<Record<TKey, string>>, key: string | null) =>
  key === null ? '' : (words[key as TKey] ?? key);

/** `+996 (555) 12-34-56`: the mask the screens show (`PHONE_MASK`), for the 12 stored digits. */
const maskedPhone = (digits: string) =>
  digits.length === 12
    ? `+${digits.slice(0, 3)} (${digits.slice(3, 6)}) ${digits.slice(6, 8)}-${digits.slice(8, 10)}-${digits.slice(10)}`
    : digits;

const userSelection = {
  personalAccount: appUsers.personalAccount,
  name: appUsers.name,
  phone: appUsers.phone,
  email: appUsers.email,
  gender: appUsers.gender,
  birthday: appUsers.birthday,
  registeredAt: appUsers.registeredAt,
  carMake: appUsers.carMake,
  carModel: appUsers.carModel,
  carYear: appUsers.carYear,
  carColor: appUsers.carColor,
  driverLicence: appUsers.driverLicence,
  balance: appUsers.balance,
  status: appUsers.status,
};
type TUserExportRow = TFetchedRow<typeof userSelection>;

/** SPEC.md section 3's User, in the list's column order, with its status. */
const userColumns = (language: TLanguage, today: string): ExportColumn<TUserExportRow>[] => [
  {
    header: { ru: 'Лицевой счёт', en: 'Personal account', ky: 'Жеке эсеп' },
    kind: 'text',
    width: 16,
    value: (row) => row.personalAccount,
  },
  { header: { ru: 'Имя', en: 'Name', ky: 'Аты' }, kind: 'text', width: 30, value: (row) => row.name },
  {
    header: { ru: 'Телефон', en: 'Phone', ky: 'Телефон' },
    kind: 'text',
    width: 20,
    value: (row) => maskedPhone(row.phone),
  },
  { header: { ru: 'Email', en: 'Email', ky: 'Email' }, kind: 'text', width: 30, value: (row) => row.email },
  {
    header: { ru: 'Пол', en: 'Gender', ky: 'Жынысы' },
    kind: 'text',
    width: 10,
    value: (row) => wordOf(GENDER_WORDS[language], row.gender),
  },
  {
    header: { ru: 'Дата рождения', en: 'Birthday', ky: 'Туулган күнү' },
    kind: 'date',
    width: 12,
    value: (row) => row.birthday,
  },
  {
    header: { ru: 'Возраст', en: 'Age', ky: 'Жашы' },
    kind: 'integer',
    width: 8,
    value: (row) => (row.birthday === null ? null : ageOn(row.birthday, today)),
  },
  {
    header: { ru: 'Дата регистрации', en: 'Registration date', ky: 'Катталган күнү' },
    kind: 'datetime',
    width: 20,
    value: (row) => row.registeredAt,
  },
  {
    header: { ru: 'Марка авто', en: 'Car make', ky: 'Унаанын маркасы' },
    kind: 'text',
    width: 14,
    value: (row) => row.carMake,
  },
  {
    header: { ru: 'Модель авто', en: 'Car model', ky: 'Унаанын модели' },
    kind: 'text',
    width: 14,
    value: (row) => row.carModel,
  },
  {
    header: { ru: 'Год выпуска', en: 'Car year', ky: 'Чыгарылган жылы' },
    kind: 'integer',
    width: 10,
    value: (row) => row.carYear,
  },
  {
    header: { ru: 'Цвет авто', en: 'Car colour', ky: 'Унаанын түсү' },
    kind: 'text',
    width: 12,
    value: (row) => row.carColor,
  },
  {
    header: { ru: 'Водительское удостоверение', en: 'Driver licence', ky: 'Айдоочулук күбөлүк' },
    kind: 'text',
    width: 16,
    value: (row) => row.driverLicence,
  },
  {
    header: { ru: 'Баланс, сом', en: 'Balance, som', ky: 'Баланс, сом' },
    kind: 'money',
    width: 14,
    value: (row) => row.balance,
  },
  {
    header: { ru: 'Статус', en: 'Status', ky: 'Абалы' },
    kind: 'text',
    width: 14,
    value: (row) => STATUS_WORDS[language][Number(row.status) === 0 ? 'active' : 'blocked'],
  },
];

const paymentSelection = {
  createdAt: balanceEntries.createdAt,
  userName: appUsers.name,
  personalAccount: appUsers.personalAccount,
  basis: balanceEntries.basis,
  method: balanceEntries.method,
  debit: balanceEntries.debit,
  credit: balanceEntries.credit,
  deposit: balanceEntries.deposit,
  comment: balanceEntries.comment,
  accountName: sql<string | null>`${accounts.firstName} || ' ' || ${accounts.lastName}`,
};
type TPaymentExportRow = TFetchedRow<typeof paymentSelection>;

/** SPEC.md section 3's Balance transaction, with whose it is, why, and who made it. */
const paymentColumns = (language: TLanguage): ExportColumn<TPaymentExportRow>[] => [
  { header: { ru: 'Дата', en: 'Date', ky: 'Күнү' }, kind: 'datetime', width: 20, value: (row) => row.createdAt },
  {
    header: { ru: 'Пользователь', en: 'User', ky: 'Колдонуучу' },
    kind: 'text',
    width: 30,
    value: (row) => row.userName,
  },
  {
    header: { ru: 'Лицевой счёт', en: 'Personal account', ky: 'Жеке эсеп' },
    kind: 'text',
    width: 16,
    value: (row) => row.personalAccount,
  },
  {
    header: { ru: 'Основание', en: 'Basis', ky: 'Негизи' },
    kind: 'text',
    width: 22,
    value: (row) => wordOf(BASIS_WORDS[language], row.basis),
  },
  {
    header: { ru: 'Способ', en: 'Method', ky: 'Ыкмасы' },
    kind: 'text',
    width: 16,
    value: (row) => wordOf(METHOD_WORDS[language], row.method),
  },
  {
    header: { ru: 'Дебет, сом', en: 'Debit, som', ky: 'Дебет, сом' },
    kind: 'money',
    width: 14,
    value: (row) => row.debit,
  },
  {
    header: { ru: 'Кредит, сом', en: 'Credit, som', ky: 'Кредит, сом' },
    kind: 'money',
    width: 14,
    value: (row) => row.credit,
  },
  {
    header: { ru: 'Остаток, сом', en: 'Deposit, som', ky: 'Калдык, сом' },
    kind: 'money',
    width: 14,
    value: (row) => row.deposit,
  },
  {
    header: { ru: 'Комментарий', en: 'Comment', ky: 'Комментарий' },
    kind: 'text',
    width: 30,
    value: (row) => row.comment,
  },
  { header: { ru: 'Аккаунт', en: 'Account', ky: 'Аккаунт' }, kind: 'text', width: 24, value: (row) => row.accountName },
];

const openApiTags = ['users'];

/** The two exports; mounted under the users prefix next to the users routes (index.ts). */
export const usersExportRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/export/',
    {
      config: { permission: 'users.export' },
      schema: {
        tags: openApiTags,
        summary: `The users the list's filters select, in its order, as a file. ${EXPORT_NOTE}`,
        querystring: ZUserExportQuery,
        response: exportResponses,
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { db } = fastify.database;
      return sendExport(reply as FastifyReply, {
        database: fastify.database,
        format,
        language: request.language,
        entity: 'users',
        sheet: { ru: 'Пользователи', en: 'Users', ky: 'Колдонуучулар' },
        selection: userSelection,
        query: (fields) =>
          db
            .select(fields)
            .from(appUsers)
            .where(userConditions(filters))
            .orderBy(...orderByOf(USERS_ORDER)),
        columns: userColumns(request.language, bishkekToday()),
      });
    },
  );

  app.get(
    '/payments/export/',
    {
      config: { permission: 'balances.export' },
      schema: {
        tags: openApiTags,
        summary: `The statement the same filters select, newest first, as a file. ${EXPORT_NOTE}`,
        querystring: ZPaymentExportQuery,
        response: exportResponses,
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { db } = fastify.database;
      return sendExport(reply as FastifyReply, {
        database: fastify.database,
        format,
        language: request.language,
        entity: 'payments',
        sheet: { ru: 'Выписка', en: 'Statement', ky: 'Көчүрмө' },
        selection: paymentSelection,
        query: (fields) =>
          db
            .select(fields)
            .from(balanceEntries)
            .innerJoin(appUsers, eq(appUsers.id, balanceEntries.userId))
            .leftJoin(accounts, eq(accounts.id, balanceEntries.accountId))
            .where(paymentConditions(filters))
            .orderBy(...orderByOf(PAYMENTS_ORDER)),
        columns: paymentColumns(request.language),
      });
    },
  );
};
