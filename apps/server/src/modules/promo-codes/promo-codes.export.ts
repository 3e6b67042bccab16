/**
 * GET /promo-codes/export/: the codes the list's filters select, newest first like the list, as xlsx or csv streamed
 * by `platform/export.ts`. The state is the list's (deactivated, expired, used, unused) computed at the request's
 * instant; the promotion's title and the words in the request's language, times in Bishkek.
 */
import type { TLanguage, TPromoCodeState } from '@zaryad/contracts';
import { eq, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dateTimeCell, type ExportColumn, numberCell, orderByOf, textCell, wordCell } from '../../platform/export';
import { descending } from '../../platform/list-query';
import { promoCodes, promotions } from '../promotions';
import { PROMOTION_TITLES } from './promo-codes.service';

const STATE_WORDS: Readonly<Record<TLanguage, Readonly<Record<TPromoCodeState, string>>>> = {
  ru: { unused: 'Не использован', used: 'Использован', expired: 'Истёк', deactivated: 'Деактивирован' },
  en: { unused: 'Unused', used: 'Used', expired: 'Expired', deactivated: 'Deactivated' },
  ky: { unused: 'Колдонула элек', used: 'Колдонулган', expired: 'Мөөнөтү бүткөн', deactivated: 'Өчүрүлгөн' },
};

/** The list's state of a code at `now`, in SQL (promo-codes.service.ts `stateOf`). */
const stateSql = (now: Date) =>
  sql`case when ${promoCodes.deactivatedAt} is not null then 'deactivated'
    when ${promoCodes.validUntil} <= ${now.toISOString()}::timestamptz then 'expired'
    when ${promoCodes.uses} > 0 then 'used' else 'unused' end`;

export const promoCodeExportQuery =
  (db: Database, where: SQL | undefined) =>
  (fields: Record<string, SQL.Aliased>): SQLWrapper =>
    db
      .select(fields)
      .from(promoCodes)
      .innerJoin(promotions, eq(promotions.id, promoCodes.promotionId))
      .where(where)
      .orderBy(...orderByOf(descending(promoCodes.id)));

export const promoCodeExportColumns = (language: TLanguage, now: Date): ExportColumn[] => [
  { header: { ru: 'Код', en: 'Code', ky: 'Код' }, width: 18, ...textCell(promoCodes.code) },
  { header: { ru: 'Акция', en: 'Promotion', ky: 'Акция' }, width: 32, ...textCell(PROMOTION_TITLES[language]) },
  {
    header: { ru: 'Состояние', en: 'State', ky: 'Абалы' },
    width: 16,
    ...wordCell(stateSql(now), STATE_WORDS[language]),
  },
  { header: { ru: 'Использований', en: 'Uses', ky: 'Колдонулушу' }, width: 12, ...numberCell(promoCodes.uses) },
  {
    header: { ru: 'Лимит использований', en: 'Total limit', ky: 'Жалпы чеги' },
    width: 14,
    ...numberCell(promoCodes.totalLimit),
  },
  {
    header: { ru: 'Лимит на пользователя', en: 'Per-user limit', ky: 'Бир колдонуучуга чеги' },
    width: 14,
    ...numberCell(promoCodes.perUserLimit),
  },
  {
    header: { ru: 'Действует с', en: 'Valid from', ky: 'Күчүнө кирет' },
    width: 20,
    ...dateTimeCell(promoCodes.validFrom),
  },
  {
    header: { ru: 'Действует до', en: 'Valid until', ky: 'Мөөнөтү аяктайт' },
    width: 20,
    ...dateTimeCell(promoCodes.validUntil),
  },
  { header: { ru: 'Создан', en: 'Created', ky: 'Түзүлгөн' }, width: 20, ...dateTimeCell(promoCodes.createdAt) },
];
