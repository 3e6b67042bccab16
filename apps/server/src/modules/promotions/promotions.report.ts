/**
 * The promotions report (issue 14, part 4): per promotion over Bishkek days, from the uses the charges engine records
 * when it applies one (promotion_uses): charges, distinct drivers, kWh, turnover before the discount, the discount and
 * its average per charge; the uses per day for the chart; and its export in xlsx or csv.
 */
import type { Readable } from 'node:stream';
import { formatSom, type TLanguage } from '@zaryad/contracts';
import { type TPromotionReport, type ZPromotionReportQuery } from '@zaryad/contracts/promotions';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { bishkekDayEnd, bishkekDayStart } from '../../platform/bishkek-time';
import { attachmentDisposition, labelledColumns, tableStream } from '../../platform/export';
import { formatKwh } from './promotions.units';

type TReportQuery = z.output<typeof ZPromotionReportQuery>;

interface FiguresRow {
  charges: string;
  users: string;
  energy_wh: string;
  turnover: string;
  discount: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Discount per charge, rounded half up once. */
const averageOf = (discount: bigint, charges: bigint) =>
  charges === 0n ? 0n : (discount * 2n + charges) / (charges * 2n);

const figures = (row: FiguresRow) => {
  const charges = BigInt(row.charges);
  const discount = BigInt(row.discount);
  return {
    charges: Number(charges),
    users: Number(row.users),
    energy_kwh: formatKwh(Number(row.energy_wh)),
    turnover: formatSom(BigInt(row.turnover)),
    discount: formatSom(discount),
    average_discount: formatSom(averageOf(discount, charges)),
  };
};

export const buildPromotionReport = async (db: Database, query: TReportQuery): Promise<TPromotionReport> => {
  const from = bishkekDayStart(query.period__from);
  const to = bishkekDayEnd(query.period__to);
  const promotionFilter = query.promotion === undefined ? sql`true` : sql`u.promotion_id = ${query.promotion}`;
  const where = sql`u.finished_at >= ${from} and u.finished_at < ${to} and ${promotionFilter}`;
  const sums = sql`count(*)::text as charges, count(distinct u.user_id)::text as users,
    coalesce(sum(u.energy_wh), 0)::text as energy_wh, coalesce(sum(u.amount), 0)::text as turnover,
    coalesce(sum(u.discount), 0)::text as discount`;
  const perPromotion = rowsOf<FiguresRow & { id: number; title_ru: string; title_en: string; title_ky: string }>(
    await db.execute(sql`
      select p.id, p.title_ru, p.title_en, p.title_ky, ${sums}
      from promotion_uses u join promotions p on p.id = u.promotion_id
      where ${where}
      group by p.id order by p.id`),
  );
  const [total] = rowsOf<FiguresRow>(await db.execute(sql`select ${sums} from promotion_uses u where ${where}`));
  const perDay = rowsOf<{ day: string; charges: string }>(
    await db.execute(sql`
      select to_char((u.finished_at at time zone 'UTC' + interval '6 hours')::date, 'YYYY-MM-DD') as day,
             count(*)::text as charges
      from promotion_uses u where ${where} group by 1`),
  );
  const byDay = new Map(perDay.map((row) => [row.day, Number(row.charges)]));
  const daily: TPromotionReport['daily'] = [];
  for (let day = new Date(`${query.period__from}T00:00:00Z`); day.toISOString().slice(0, 10) <= query.period__to;) {
    const key = day.toISOString().slice(0, 10);
    daily.push({ day: key, charges: byDay.get(key) ?? 0 });
    day = new Date(day.getTime() + 24 * 3600 * 1000);
  }
  return {
    period__from: query.period__from,
    period__to: query.period__to,
    rows: perPromotion.map((row) => ({
      promotion_id: Number(row.id),
      title_ru: row.title_ru,
      title_en: row.title_en,
      title_ky: row.title_ky,
      ...figures(row),
    })),
    totals: figures(total ?? { charges: '0', users: '0', energy_wh: '0', turnover: '0', discount: '0' }),
    daily,
  };
};

/** Column titles of the export, in the request's language. */
const LABELS = {
  ru: {
    id: 'ID акции',
    title: 'Акция',
    charges: 'Зарядки',
    users: 'Пользователи',
    energy: 'Энергия, кВт·ч',
    turnover: 'Оборот до скидки, сом',
    discount: 'Скидка, сом',
    average: 'Средняя скидка, сом',
    total: 'Итого',
    sheet: 'Отчёт по акциям',
  },
  en: {
    id: 'Promotion ID',
    title: 'Promotion',
    charges: 'Charges',
    users: 'Users',
    energy: 'Energy, kWh',
    turnover: 'Turnover before discount, som',
    discount: 'Discount, som',
    average: 'Average discount, som',
    total: 'Total',
    sheet: 'Promotions report',
  },
  ky: {
    id: 'Акциянын ID',
    title: 'Акция',
    charges: 'Кубаттоолор',
    users: 'Колдонуучулар',
    energy: 'Энергия, кВт·саат',
    turnover: 'Арзандатууга чейинки жүгүртүү, сом',
    discount: 'Арзандатуу, сом',
    average: 'Орточо арзандатуу, сом',
    total: 'Жыйынтык',
    sheet: 'Акциялар боюнча отчёт',
  },
} as const;

const COLUMNS = labelledColumns(LABELS, [
  ['id', 12, 'number'],
  ['title', 40, 'text'],
  ['charges', 12, 'number'],
  ['users', 14, 'number'],
  ['energy', 16, 'number'],
  ['turnover', 24, 'money'],
  ['discount', 16, 'money'],
  ['average', 20, 'money'],
]);

type TFigures = TPromotionReport['totals'];
const figuresOf = (row: TFigures) =>
  [row.charges, row.users, row.energy_kwh, row.turnover, row.discount, row.average_discount] as const;

export const reportAttachment = (report: TPromotionReport, extension: 'xlsx' | 'csv') => {
  const name = `promotions_${report.period__from}_${report.period__to}.${extension}`;
  return attachmentDisposition(name, name);
};

/** The report as a file (`platform/export`): a line per promotion, then the totals; money and energy as numbers. */
export const reportStream = (report: TPromotionReport, language: TLanguage, format: 'xlsx' | 'csv'): Readable =>
  tableStream(format, {
    columns: COLUMNS,
    language,
    sheet: LABELS[language].sheet,
    rows: report.rows.map((row) => [row.promotion_id, row[`title_${language}`], ...figuresOf(row)]),
    totals: [null, LABELS[language].total, ...figuresOf(report.totals)],
  });
