/**
 * The export's select: each column's text written over the rows of the list's own select (which reads, filters and
 * sorts the plain values, so that the sort carries narrow rows and plans as the list's select does).
 */
import { createRequire } from 'node:module';
import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ExportColumn } from './columns';

/** The fields the list's select reads, `c0`, `c1`, …: the columns' values. */
export const valueFields = (columns: readonly ExportColumn[]): Record<string, SQL.Aliased> =>
  Object.fromEntries(columns.map((column, index) => [`c${index}`, column.value.as(`c${index}`)]));

/**
 * The csv form of a free text for `COPY`, which writes the database's text as it is: formula starts (`=`, `+`, `-`,
 * `@`, tab, CR, read by their codes) defused with a `'`, the rule `platform/csv.ts` applies to rows read in batches.
 */
const csvFreeText = (text: SQL) =>
  sql`case when ascii(${text}) in (61, 43, 45, 64, 9, 13) then '''' || ${text} else ${text} end`;

/**
 * Each column's text over the list's rows (`list`), in its order: a subquery with ORDER BY is never merged into the
 * query around it, and a projection over it keeps its order. `forCopy` defuses free text in SQL (`COPY`'s csv).
 */
export const exportSelect = (columns: readonly ExportColumn[], list: SQLWrapper, forCopy = false): SQL => {
  const rows = sql.identifier('export_rows');
  const texts = columns.map((column, index) => {
    const name = sql.identifier(`c${index}`);
    const text = column.text(sql`${rows}.${name}`);
    return sql`${forCopy && column.isFreeText ? csvFreeText(text) : text} as ${name}`;
  });
  return sql`select ${sql.join(texts, sql`, `)} from (${list}) as ${rows}`;
};

const DIALECT = new PgDialect();

/** A select's text and parameters, as a driver sends them. */
export const queryOf = (select: SQLWrapper) => DIALECT.sqlToQuery(select.getSQL());

/** A value as PostgreSQL's text of it, for `inlineParameters`: arrays in PostgreSQL's array syntax, instants in UTC. */
const textOf = (value: unknown): string => {
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      item === null || item === undefined ? 'NULL' : `"${textOf(item).replace(/["\\]/g, '\\$&')}"`,
    );
    return `{${items.join(',')}}`;
  }
  if (Buffer.isBuffer(value)) {
    throw new Error('a binary parameter cannot be written into COPY');
  }
  if (typeof value === 'object' && value !== null) {
    return JSON.stringify(value);
  }
  return String(value);
};

/** pg's own quoting, read when a csv is first copied (on PostgreSQL only: the embedded database never loads pg). */
let pg: typeof import('pg') | undefined;
const escapeLiteral = (text: string) =>
  (pg ??= createRequire(import.meta.url)('pg') as typeof import('pg')).escapeLiteral(text);

/**
 * A query's text with its parameters written in as literals, for `COPY`, which takes none: each an untyped literal
 * (`escapeLiteral`), which PostgreSQL types from its context exactly as it types an untyped parameter. Quoted strings
 * and identifiers of the text are skipped, so a `$1` inside one is left alone.
 */
export const inlineParameters = (text: string, params: readonly unknown[]) =>
  text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (token, number: string | undefined) => {
    if (number === undefined) {
      return token;
    }
    const index = Number(number) - 1;
    if (index < 0 || index >= params.length) {
      throw new Error(`no parameter ${token}`);
    }
    const value = params[index];
    return value === null || value === undefined ? 'null' : escapeLiteral(textOf(value));
  });
