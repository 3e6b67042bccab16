/**
 * GET /ads/referrals/export/: the referrals list as xlsx or csv, with the list's own filters and order
 * (referrals.filters.ts), streamed by `platform/export`.
 */
import { type TLanguage, type TReferralStatus } from '@zaryad/contracts';
import { eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  column,
  dateTimeCell,
  type ExportColumn,
  moneyCell,
  numberCell,
  orderByOf,
  phoneCell,
  textCell,
  type TWords,
  wordCell,
} from '../../platform/export';
import { appUsers } from '../users';
import { REFERRALS_ORDER, referralConditions, type TReferralFilters } from './referrals.filters';
import { referrals } from './referrals.tables';

const inviters = alias(appUsers, 'inviter');
const inviteds = alias(appUsers, 'invited');

export const STATUS_WORDS: TWords<TReferralStatus> = {
  ru: { pending: 'Ожидает', rewarded: 'Вознаграждён' },
  en: { pending: 'Pending', rewarded: 'Rewarded' },
  ky: { pending: 'Күтүүдө', rewarded: 'Сыйланды' },
};

/** One side of the referral: name, personal account and phone, headed by the side's titles. */
const sideColumns = (
  user: { name: SQLWrapper; personalAccount: SQLWrapper; phone: SQLWrapper },
  titles: Record<'name' | 'account' | 'phone', readonly [string, string, string]>,
): ExportColumn[] => [
  column(titles.name, 30, textCell(user.name)),
  column(titles.account, 16, textCell(user.personalAccount)),
  column(titles.phone, 20, phoneCell(user.phone)),
];

/** The list's columns, in its order. */
export const referralColumns = (language: TLanguage): ExportColumn[] => [
  column(['ID', 'ID', 'ID'], 8, numberCell(referrals.id)),
  column(['Дата регистрации', 'Registration date', 'Катталган күнү'], 20, dateTimeCell(referrals.registeredAt)),
  ...sideColumns(inviters, {
    name: ['Пригласивший', 'Inviter', 'Чакыруучу'],
    account: ['Лицевой счёт пригласившего', "Inviter's personal account", 'Чакыруучунун жеке эсеби'],
    phone: ['Телефон пригласившего', "Inviter's phone", 'Чакыруучунун телефону'],
  }),
  ...sideColumns(inviteds, {
    name: ['Приглашённый', 'Invited', 'Чакырылган'],
    account: ['Лицевой счёт приглашённого', "Invited user's personal account", 'Чакырылгандын жеке эсеби'],
    phone: ['Телефон приглашённого', "Invited user's phone", 'Чакырылгандын телефону'],
  }),
  column(['Код', 'Code', 'Код'], 14, textCell(referrals.code)),
  column(['Статус', 'Status', 'Абалы'], 14, wordCell(referrals.status, STATUS_WORDS[language])),
  column(['Дата вознаграждения', 'Rewarded at', 'Сыйланган күнү'], 20, dateTimeCell(referrals.rewardedAt)),
  column(
    ['Бонус пригласившему, сом', "Inviter's bonus, som", 'Чакыруучунун бонусу, сом'],
    16,
    moneyCell(referrals.inviterBonus),
  ),
  column(
    ['Бонус приглашённому, сом', "Invited user's bonus, som", 'Чакырылгандын бонусу, сом'],
    16,
    moneyCell(referrals.invitedBonus),
  ),
  column(['Зарядка', 'Charge', 'Кубаттоо'], 10, numberCell(referrals.chargeId)),
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
