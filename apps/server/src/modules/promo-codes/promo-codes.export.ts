/**
 * GET /promo-codes/export/: the codes the list's filters select, newest first like the list, as xlsx or csv streamed
 * by `platform/export`. The state is the list's (deactivated, expired, used, unused) computed at the request's
 * instant; the promotion's title and the words in the request's language, times in Bishkek.
 */
import type { TLanguage, TPromoCodeState } from '@zaryad/contracts';
import { eq, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  column,
  dateTimeCell,
  type ExportColumn,
  numberCell,
  orderByOf,
  textCell,
  type TWords,
  wordCell,
} from '../../platform/export';
import { descending } from '../../platform/list-query';
import { promoCodes, promotions } from '../promotions';
import { PROMOTION_TITLES } from './promo-codes.service';

const STATE_WORDS: TWords<TPromoCodeState> = {
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
  column(['Код', 'Code', 'Код'], 18, textCell(promoCodes.code)),
  column(['Акция', 'Promotion', 'Акция'], 32, textCell(PROMOTION_TITLES[language])),
  column(['Состояние', 'State', 'Абалы'], 16, wordCell(stateSql(now), STATE_WORDS[language])),
  column(['Использований', 'Uses', 'Колдонулушу'], 12, numberCell(promoCodes.uses)),
  column(['Лимит использований', 'Total limit', 'Жалпы чеги'], 14, numberCell(promoCodes.totalLimit)),
  column(['Лимит на пользователя', 'Per-user limit', 'Бир колдонуучуга чеги'], 14, numberCell(promoCodes.perUserLimit)),
  column(['Действует с', 'Valid from', 'Күчүнө кирет'], 20, dateTimeCell(promoCodes.validFrom)),
  column(['Действует до', 'Valid until', 'Мөөнөтү аяктайт'], 20, dateTimeCell(promoCodes.validUntil)),
  column(['Создан', 'Created', 'Түзүлгөн'], 20, dateTimeCell(promoCodes.createdAt)),
];
