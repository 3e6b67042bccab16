/**
 * GET /ads/referrals/export/: the referrals list as xlsx or csv, with the list's own filters and order
 * (referrals.filters.ts), streamed by `platform/export.ts`.
 */
import { type TLanguage, type TReferralStatus } from '@zaryad/contracts';
import { eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  dateTimeCell,
  type ExportColumn,
  moneyCell,
  numberCell,
  orderByOf,
  phoneCell,
  textCell,
  wordCell,
} from '../../platform/export';
import { appUsers } from '../users';
import { REFERRALS_ORDER, referralConditions, type TReferralFilters } from './referrals.filters';
import { referrals } from './referrals.tables';

const inviters = alias(appUsers, 'inviter');
const inviteds = alias(appUsers, 'invited');

export const STATUS_WORDS: Readonly<Record<TLanguage, Readonly<Record<TReferralStatus, string>>>> = {
  ru: { pending: 'Ожидает', rewarded: 'Вознаграждён' },
  en: { pending: 'Pending', rewarded: 'Rewarded' },
  ky: { pending: 'Күтүүдө', rewarded: 'Сыйланды' },
};

/** One side of the referral: name, personal account and phone. */
const userColumns = (
  user: { name: SQLWrapper; personalAccount: SQLWrapper; phone: SQLWrapper },
  titles: { name: Record<TLanguage, string>; account: Record<TLanguage, string>; phone: Record<TLanguage, string> },
): ExportColumn[] => [
  { header: titles.name, width: 30, ...textCell(user.name) },
  { header: titles.account, width: 16, ...textCell(user.personalAccount) },
  { header: titles.phone, width: 20, ...phoneCell(user.phone) },
];

/** The list's columns, in its order. */
export const referralColumns = (language: TLanguage): ExportColumn[] => [
  { header: { ru: 'ID', en: 'ID', ky: 'ID' }, width: 8, ...numberCell(referrals.id) },
  {
    header: { ru: 'Дата регистрации', en: 'Registration date', ky: 'Катталган күнү' },
    width: 20,
    ...dateTimeCell(referrals.registeredAt),
  },
  ...userColumns(inviters, {
    name: { ru: 'Пригласивший', en: 'Inviter', ky: 'Чакыруучу' },
    account: { ru: 'Лицевой счёт пригласившего', en: "Inviter's personal account", ky: 'Чакыруучунун жеке эсеби' },
    phone: { ru: 'Телефон пригласившего', en: "Inviter's phone", ky: 'Чакыруучунун телефону' },
  }),
  ...userColumns(inviteds, {
    name: { ru: 'Приглашённый', en: 'Invited', ky: 'Чакырылган' },
    account: {
      ru: 'Лицевой счёт приглашённого',
      en: "Invited user's personal account",
      ky: 'Чакырылгандын жеке эсеби',
    },
    phone: { ru: 'Телефон приглашённого', en: "Invited user's phone", ky: 'Чакырылгандын телефону' },
  }),
  { header: { ru: 'Код', en: 'Code', ky: 'Код' }, width: 14, ...textCell(referrals.code) },
  {
    header: { ru: 'Статус', en: 'Status', ky: 'Абалы' },
    width: 14,
    ...wordCell(referrals.status, STATUS_WORDS[language]),
  },
  {
    header: { ru: 'Дата вознаграждения', en: 'Rewarded at', ky: 'Сыйланган күнү' },
    width: 20,
    ...dateTimeCell(referrals.rewardedAt),
  },
  {
    header: { ru: 'Бонус пригласившему, сом', en: "Inviter's bonus, som", ky: 'Чакыруучунун бонусу, сом' },
    width: 16,
    ...moneyCell(referrals.inviterBonus),
  },
  {
    header: { ru: 'Бонус приглашённому, сом', en: "Invited user's bonus, som", ky: 'Чакырылгандын бонусу, сом' },
    width: 16,
    ...moneyCell(referrals.invitedBonus),
  },
  { header: { ru: 'Зарядка', en: 'Charge', ky: 'Кубаттоо' }, width: 10, ...numberCell(referrals.chargeId) },
];

/** The select the export streams: the filtered referrals with both users, newest first. */
export const referralExportQuery =
  (db: Database, filters: TReferralFilters) =>
  (fields: Record<string, SQL.Aliased>): SQLWrapper =>
    db
      .select(fields)
      .from(referrals)
      .innerJoin(inviters, eq(inviters.id, referrals.inviterUserId))
      .innerJoin(inviteds, eq(inviteds.id, referrals.invitedUserId))
      .where(referralConditions(filters))
      .orderBy(...orderByOf(REFERRALS_ORDER));
