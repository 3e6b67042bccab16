/**
 * An export's columns, each declared once: header, width, and cell: the value the list's select reads, and the SQL
 * that writes it as text (the database formats every cell; the writers take the text as it is).
 */
import type { TLanguage } from '@zaryad/contracts';
import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';

/**
 * How a cell is written: text (an xlsx string; in csv quoted as needed), a number (an xlsx number; as it is in csv),
 * or money (an xlsx number shown `0.00`).
 */
export type TCellKind = 'text' | 'number' | 'money';

/** A column as the writers see it: header, width, kind. */
export interface SheetColumn {
  header: Readonly<Record<TLanguage, string>>;
  /** xlsx column width in characters. */
  width?: number;
  kind: TCellKind;
  /**
   * Free text someone typed (a name, a comment), which csv defuses when it starts like a formula. Cells the product
   * formats itself (dates, words, numbers) cannot start so and skip the check.
   */
  isFreeText?: true;
}

export interface ExportCell {
  kind: TCellKind;
  value: SQL;
  text: (value: SQL) => SQL;
  isFreeText?: true;
}

export type ExportColumn = SheetColumn & ExportCell;

/** Words of stored codes, in each language. */
export type TWords<TKey extends string> = Readonly<Record<TLanguage, Readonly<Record<TKey, string>>>>;

/** A column: its header in Russian, English and Kyrgyz, its width in characters, its cell. */
export const column = <TCell extends { kind: TCellKind }>(
  [ru, en, ky]: readonly [string, string, string],
  width: number,
  cell: TCell,
): TCell & SheetColumn => ({ header: { ru, en, ky }, width, ...cell });

/** A kind of cell: the value read as it is, written as text by `text`. */
const cell =
  (kind: TCellKind, text: (value: SQL) => SQL) =>
  (value: SQLWrapper): ExportCell => ({ kind, value: sql`${value}`, text });

/** Any text, as it is. */
export const textCell = (value: SQLWrapper): ExportCell => ({
  ...cell('text', (text) => sql`${text}::text`)(value),
  isFreeText: true,
});

/** `+996 (555) 12-34-56`: the mask the screens show (`PHONE_MASK`), for the 12 stored digits; anything else as it is. */
export const phoneCell = (digits: SQLWrapper): ExportCell =>
  textCell(
    sql`case when length(${digits}) = 12 then '+' || substr(${digits}, 1, 3) || ' (' || substr(${digits}, 4, 3) || ') ' || substr(${digits}, 7, 2) || '-' || substr(${digits}, 9, 2) || '-' || substr(${digits}, 11, 2) else ${digits} end`,
  );

/** An integer or an exact decimal (`12.345`), as PostgreSQL writes it. */
export const numberCell = cell('number', (number) => sql`${number}::text`);

/** Watt-hours as kWh with 3 decimals (`12.345`), exactly: an integer times the numeric 0.001 has scale 3. */
export const kwhCell = cell('number', (wh) => sql`(${wh} * 0.001)::text`);

/**
 * Tyiyn as som with 2 decimals (`1500.00`, `-2.02`, `0.05`), exactly: an integer times the numeric 0.01 is a numeric
 * of scale 2, never floating point (and faster than a division and a cast).
 */
export const moneyCell = cell('money', (amount) => sql`(${amount} * 0.01)::text`);

/**
 * An instant as Bishkek's wall time, `YYYY-MM-DD HH:mm:ss`: the first 19 characters of the local timestamp's ISO text
 * (the cursors set `DateStyle` to ISO), fractions of a second cut as `to_char` would, at a fraction of its cost.
 */
export const dateTimeCell = cell('text', (at) => sql`left((${at} at time zone 'Asia/Bishkek')::text, 19)`);

/** A calendar day, `YYYY-MM-DD`. */
export const dateCell = cell('text', (date) => sql`to_char(${date}, 'YYYY-MM-DD')`);

/** Seconds as `1:05:09` (hours, minutes, seconds). */
export const durationCell = cell(
  'text',
  (s) => sql`${s} / 3600 || ':' || lpad((${s} % 3600 / 60)::text, 2, '0') || ':' || lpad((${s} % 60)::text, 2, '0')`,
);

/** A stored code as its word (`words` in the request's language); a code the words do not know is written as stored. */
export const wordCell = (code: SQLWrapper, words: Readonly<Record<string, string>>): ExportCell => {
  const entries = Object.entries(words);
  return cell('text', (stored) =>
    entries.length === 0
      ? sql`${stored}::text`
      : sql`case ${stored}::text ${sql.join(
          entries.map(([key, word]) => sql`when ${key} then ${word}`),
          sql` `,
        )} else ${stored}::text end`,
  )(code);
};

export { orderByOf } from '../list-query';

/** A report's columns from its labels in every language: `[label, width, kind]` each; its texts are free text. */
export const labelledColumns = <TKey extends string>(
  labels: TWords<TKey>,
  columns: readonly (readonly [TKey, number, TCellKind])[],
): SheetColumn[] =>
  columns.map(([key, width, kind]) => ({
    header: { ru: labels.ru[key], en: labels.en[key], ky: labels.ky[key] },
    width,
    kind,
    ...(kind === 'text' && { isFreeText: true as const }),
  }));
