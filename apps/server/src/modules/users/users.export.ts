/**
 * GET /users/export/ and GET /users/payments/export/: the users list and the statement as xlsx or csv, with the
 * lists' own filters and order (users.filters.ts), streamed by `platform/export.ts`.
 */
import {
  type TBalanceBasis,
  type TGender,
  type TLanguage,
  type TPaymentMethod,
  ZPaymentExportQuery,
  ZUserExportQuery,
} from '@zaryad/contracts';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bishkekToday } from '../../platform/bishkek-time';
import {
  dateCell,
  dateTimeCell,
  type ExportColumn,
  moneyCell,
  numberCell,
  orderByOf,
  phoneCell,
  sendExport,
  textCell,
  wordCell,
} from '../../platform/export';
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

/** Full years on `today` (a Bishkek day), as `ageOn` (platform/bishkek-time.ts) counts them for the screens. */
const ageSql = (birthday: SQLWrapper, today: string) => sql`extract(year from age(${today}::date, ${birthday}))::int`;

/** SPEC.md section 3's User, in the list's column order, with its status. */
const userColumns = (language: TLanguage, today: string): ExportColumn[] => [
  {
    header: { ru: 'Лицевой счёт', en: 'Personal account', ky: 'Жеке эсеп' },
    width: 16,
    ...textCell(appUsers.personalAccount),
  },
  { header: { ru: 'Имя', en: 'Name', ky: 'Аты' }, width: 30, ...textCell(appUsers.name) },
  { header: { ru: 'Телефон', en: 'Phone', ky: 'Телефон' }, width: 20, ...phoneCell(appUsers.phone) },
  { header: { ru: 'Email', en: 'Email', ky: 'Email' }, width: 30, ...textCell(appUsers.email) },
  {
    header: { ru: 'Пол', en: 'Gender', ky: 'Жынысы' },
    width: 10,
    ...wordCell(appUsers.gender, GENDER_WORDS[language]),
  },
  { header: { ru: 'Дата рождения', en: 'Birthday', ky: 'Туулган күнү' }, width: 12, ...dateCell(appUsers.birthday) },
  { header: { ru: 'Возраст', en: 'Age', ky: 'Жашы' }, width: 8, ...numberCell(ageSql(appUsers.birthday, today)) },
  {
    header: { ru: 'Дата регистрации', en: 'Registration date', ky: 'Катталган күнү' },
    width: 20,
    ...dateTimeCell(appUsers.registeredAt),
  },
  { header: { ru: 'Марка авто', en: 'Car make', ky: 'Унаанын маркасы' }, width: 14, ...textCell(appUsers.carMake) },
  { header: { ru: 'Модель авто', en: 'Car model', ky: 'Унаанын модели' }, width: 14, ...textCell(appUsers.carModel) },
  { header: { ru: 'Год выпуска', en: 'Car year', ky: 'Чыгарылган жылы' }, width: 10, ...numberCell(appUsers.carYear) },
  { header: { ru: 'Цвет авто', en: 'Car colour', ky: 'Унаанын түсү' }, width: 12, ...textCell(appUsers.carColor) },
  {
    header: { ru: 'Водительское удостоверение', en: 'Driver licence', ky: 'Айдоочулук күбөлүк' },
    width: 16,
    ...textCell(appUsers.driverLicence),
  },
  { header: { ru: 'Баланс, сом', en: 'Balance, som', ky: 'Баланс, сом' }, width: 14, ...moneyCell(appUsers.balance) },
  {
    header: { ru: 'Статус', en: 'Status', ky: 'Абалы' },
    width: 14,
    ...wordCell(sql`case when ${appUsers.status} = 0 then 'active' else 'blocked' end`, STATUS_WORDS[language]),
  },
];

/** SPEC.md section 3's Balance transaction, with whose it is, why, and who made it. */
const paymentColumns = (language: TLanguage): ExportColumn[] => [
  { header: { ru: 'Дата', en: 'Date', ky: 'Күнү' }, width: 20, ...dateTimeCell(balanceEntries.createdAt) },
  { header: { ru: 'Пользователь', en: 'User', ky: 'Колдонуучу' }, width: 30, ...textCell(appUsers.name) },
  {
    header: { ru: 'Лицевой счёт', en: 'Personal account', ky: 'Жеке эсеп' },
    width: 16,
    ...textCell(appUsers.personalAccount),
  },
  {
    header: { ru: 'Основание', en: 'Basis', ky: 'Негизи' },
    width: 22,
    ...wordCell(balanceEntries.basis, BASIS_WORDS[language]),
  },
  {
    header: { ru: 'Способ', en: 'Method', ky: 'Ыкмасы' },
    width: 16,
    ...wordCell(balanceEntries.method, METHOD_WORDS[language]),
  },
  { header: { ru: 'Дебет, сом', en: 'Debit, som', ky: 'Дебет, сом' }, width: 14, ...moneyCell(balanceEntries.debit) },
  {
    header: { ru: 'Кредит, сом', en: 'Credit, som', ky: 'Кредит, сом' },
    width: 14,
    ...moneyCell(balanceEntries.credit),
  },
  {
    header: { ru: 'Остаток, сом', en: 'Deposit, som', ky: 'Калдык, сом' },
    width: 14,
    ...moneyCell(balanceEntries.deposit),
  },
  { header: { ru: 'Комментарий', en: 'Comment', ky: 'Комментарий' }, width: 30, ...textCell(balanceEntries.comment) },
  {
    header: { ru: 'Аккаунт', en: 'Account', ky: 'Аккаунт' },
    width: 24,
    ...textCell(sql`${accounts.firstName} || ' ' || ${accounts.lastName}`),
  },
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
