/**
 * GET /users/export/ and GET /users/payments/export/: the users list and the statement as xlsx or csv, with the
 * lists' own filters and order (users.filters.ts), streamed by `platform/export`.
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
import type { FastifyInstance } from 'fastify';
import { bishkekToday } from '../../platform/bishkek-time';
import {
  column,
  dateCell,
  dateTimeCell,
  type ExportColumn,
  exportRoute,
  moneyCell,
  numberCell,
  orderByOf,
  phoneCell,
  textCell,
  type TWords,
  wordCell,
} from '../../platform/export';
import { accounts } from '../accounts';
import { PAYMENTS_ORDER, paymentConditions, USERS_ORDER, userConditions } from './users.filters';
import { appUsers, balanceEntries } from './users.tables';

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
    top_up: 'Пополнение баланса',
    charge_payment: 'Оплата зарядки',
    refund: 'Возврат',
    promotion_bonus: 'Бонус по акции',
    referral_bonus: 'Реферальный бонус',
    correction: 'Корректировка',
  },
  en: {
    top_up: 'Balance top-up',
    charge_payment: 'Charge payment',
    refund: 'Refund',
    promotion_bonus: 'Promotion bonus',
    referral_bonus: 'Referral bonus',
    correction: 'Correction',
  },
  ky: {
    top_up: 'Баланс толуктоо',
    charge_payment: 'Кубаттоо үчүн төлөм',
    refund: 'Кайтарым',
    promotion_bonus: 'Акция боюнча бонус',
    referral_bonus: 'Реферал бонусу',
    correction: 'Оңдоо',
  },
};

/** Also the charges export's (charges.export.ts). */
export const PAYMENT_METHOD_WORDS: TWords<TPaymentMethod> = {
  ru: { cash: 'Наличные', other_card: 'Другая карта', personal_balance: 'Личный баланс', promotion: 'Акция' },
  en: { cash: 'Cash', other_card: 'Other card', personal_balance: 'Personal balance', promotion: 'Promotion' },
  ky: { cash: 'Накталай', other_card: 'Башка карта', personal_balance: 'Жеке баланс', promotion: 'Акция' },
};

/** Full years on `today` (a Bishkek day), as `ageOn` (platform/bishkek-time.ts) counts them for the screens. */
const ageSql = (birthday: SQLWrapper, today: string) => sql`extract(year from age(${today}::date, ${birthday}))::int`;

/** docs/product/users.md#3-records's User, in the list's column order, with its status. */
const userColumns = (language: TLanguage, today: string): ExportColumn[] => [
  column(['Лицевой счёт', 'Personal account', 'Жеке эсеп'], 16, textCell(appUsers.personalAccount)),
  column(['Имя', 'Name', 'Аты'], 30, textCell(appUsers.name)),
  column(['Телефон', 'Phone', 'Телефон'], 20, phoneCell(appUsers.phone)),
  column(['Email', 'Email', 'Email'], 30, textCell(appUsers.email)),
  column(['Пол', 'Gender', 'Жынысы'], 10, wordCell(appUsers.gender, GENDER_WORDS[language])),
  column(['Дата рождения', 'Birthday', 'Туулган күнү'], 12, dateCell(appUsers.birthday)),
  column(['Возраст', 'Age', 'Жашы'], 8, numberCell(ageSql(appUsers.birthday, today))),
  column(['Дата регистрации', 'Registration date', 'Катталган күнү'], 20, dateTimeCell(appUsers.registeredAt)),
  column(['Марка авто', 'Car make', 'Унаанын маркасы'], 14, textCell(appUsers.carMake)),
  column(['Модель авто', 'Car model', 'Унаанын модели'], 14, textCell(appUsers.carModel)),
  column(['Год выпуска', 'Car year', 'Чыгарылган жылы'], 10, numberCell(appUsers.carYear)),
  column(['Цвет авто', 'Car colour', 'Унаанын түсү'], 12, textCell(appUsers.carColor)),
  column(['Водительское удостоверение', 'Driver licence', 'Айдоочулук күбөлүк'], 16, textCell(appUsers.driverLicence)),
  column(['Баланс, сом', 'Balance, som', 'Баланс, сом'], 14, moneyCell(appUsers.balance)),
  column(
    ['Статус', 'Status', 'Абалы'],
    14,
    wordCell(sql`case when ${appUsers.status} = 0 then 'active' else 'blocked' end`, STATUS_WORDS[language]),
  ),
];

/** docs/product/users.md#3-records's Balance transaction, with whose it is, why, and who made it. */
const paymentColumns = (language: TLanguage): ExportColumn[] => [
  column(['Дата', 'Date', 'Күнү'], 20, dateTimeCell(balanceEntries.createdAt)),
  column(['Пользователь', 'User', 'Колдонуучу'], 30, textCell(appUsers.name)),
  column(['Лицевой счёт', 'Personal account', 'Жеке эсеп'], 16, textCell(appUsers.personalAccount)),
  column(['Основание', 'Basis', 'Негизи'], 22, wordCell(balanceEntries.basis, BASIS_WORDS[language])),
  column(['Способ', 'Method', 'Ыкмасы'], 16, wordCell(balanceEntries.method, PAYMENT_METHOD_WORDS[language])),
  column(['Дебет, сом', 'Debit, som', 'Дебет, сом'], 14, moneyCell(balanceEntries.debit)),
  column(['Кредит, сом', 'Credit, som', 'Кредит, сом'], 14, moneyCell(balanceEntries.credit)),
  column(['Остаток, сом', 'Deposit, som', 'Калдык, сом'], 14, moneyCell(balanceEntries.deposit)),
  column(['Комментарий', 'Comment', 'Комментарий'], 30, textCell(balanceEntries.comment)),
  column(['Аккаунт', 'Account', 'Аккаунт'], 24, textCell(sql`${accounts.firstName} || ' ' || ${accounts.lastName}`)),
];

const openApiTags = ['users'];

/** The two exports; mounted under the users prefix next to the users routes (index.ts). */
export const usersExportRoutes = async (fastify: FastifyInstance) => {
  const { db } = fastify.database;
  exportRoute(fastify, {
    path: '/export/',
    permission: 'users.export',
    tags: openApiTags,
    summary: "The users the list's filters select, in its order, as a file.",
    querystring: ZUserExportQuery,
    entity: 'users',
    sheet: { ru: 'Пользователи', en: 'Users', ky: 'Колдонуучулар' },
    rows: (filters, language) => ({
      query: (fields) =>
        db
          .select(fields)
          .from(appUsers)
          .where(userConditions(filters))
          .orderBy(...orderByOf(USERS_ORDER)),
      columns: userColumns(language, bishkekToday()),
    }),
  });

  exportRoute(fastify, {
    path: '/payments/export/',
    permission: 'balances.export',
    tags: openApiTags,
    summary: 'The statement the same filters select, newest first, as a file.',
    querystring: ZPaymentExportQuery,
    entity: 'payments',
    sheet: { ru: 'Выписка', en: 'Statement', ky: 'Көчүрмө' },
    rows: (filters, language) => ({
      query: (fields) =>
        db
          .select(fields)
          .from(balanceEntries)
          .innerJoin(appUsers, eq(appUsers.id, balanceEntries.userId))
          .leftJoin(accounts, eq(accounts.id, balanceEntries.accountId))
          .where(paymentConditions(filters))
          .orderBy(...orderByOf(PAYMENTS_ORDER)),
      columns: paymentColumns(language),
    }),
  });
};
