/**
 * Statements of a hot path (a charge's finish) built once by Drizzle, with `sql.placeholder` for their values, and
 * sent by name: node-postgres parses a named statement once per connection and PostgreSQL keeps its plan, so neither
 * side builds, parses or plans it again on each call (docs/benchmarks.md, section 7: a finish spent about 2.5 ms of
 * PostgreSQL's CPU parsing and planning its statements, and about 1 ms of Node's building them). The embedded database
 * ignores the name and runs the same text.
 *
 * `prepared(name, build)` answers a function of a database or a transaction and the placeholders' values. `build` is
 * called once, on a database that only records what Drizzle would prepare: the statement's text, its parameters and
 * the mapping of its rows; each call hands those to the caller's own session (`db._.session.prepareQuery`, what a
 * builder's own `.prepare()` calls), so the rows come back mapped exactly as the builder's would.
 *
 * A placeholder compared with a column (`eq(column, placeholder(column, 'name'))`) or set to it (`.set()`) is given
 * through `placeholder`, which converts its value as the column does (a Date to ISO text); `.values()` converts a
 * `sql.placeholder` already. A
 * null value stays SQL NULL, as in a statement built each time (Drizzle would hand a json column the text `null`).
 *
 * A name belongs to one text: a statement whose shape varies (an optional condition, a list of values) needs one name
 * for each shape, or a shape that does not vary (`= any(array)`).
 */
import { type Column, is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDatabase, PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { Transaction } from './transaction';

type TPrepareArgs = Parameters<PgSession['prepareQuery']>;

interface Executable<TResult> {
  execute(values?: Record<string, unknown>): Promise<TResult>;
}

/** The builders whose `.prepare(name)` this takes: selects, inserts, updates and deletes. */
interface Preparable<TResult> {
  prepare(name: string): Executable<TResult>;
}

interface Recorded {
  args: TPrepareArgs;
  joinsNotNullableMap: Record<string, boolean> | undefined;
}

/** Each name's text: node-postgres refuses a name sent with another text on a connection it prepared it on. */
const texts = new Map<string, string>();

/** A placeholder converted by `column`'s encoder: compared with the column, or given to `.set()` for it. */
export const placeholder = (column: Column, name: string): SQL => sql`${new Param(sql.placeholder(name), column)}`;

/** Null as NULL, other values through the column's encoder: what Drizzle does for a value given in place. */
const nullAsNull = (param: Param) =>
  new Param(param.value, {
    mapToDriverValue: (value: unknown) => (value === null ? null : param.encoder.mapToDriverValue(value)),
  });

/** What `build(db).prepare(name)` hands its session, recorded once. */
const record = (name: string, build: (db: Database) => Preparable<unknown>): Recorded => {
  let args: TPrepareArgs | undefined;
  const stub = {
    joinsNotNullableMap: undefined as Record<string, boolean> | undefined,
    setToken: () => stub,
  };
  const session = {
    prepareQuery: (...given: TPrepareArgs) => {
      args = given;
      return stub;
    },
  };
  const recorder = new PgDatabase(new PgDialect(), session as unknown as PgSession, undefined) as unknown as Database;
  const prepared = build(recorder).prepare(name) as unknown as typeof stub;
  if (!args) {
    throw new Error(`prepared statement ${name}: the builder prepared nothing`);
  }
  const [query, ...rest] = args;
  if ((texts.get(name) ?? query.sql) !== query.sql) {
    throw new Error(`prepared statement ${name} is defined twice, with another text`);
  }
  texts.set(name, query.sql);
  const params = query.params.map((param) =>
    is(param, Param) && is(param.value, Placeholder) ? nullAsNull(param) : param,
  );
  return { args: [{ ...query, params }, ...rest], joinsNotNullableMap: prepared.joinsNotNullableMap };
};

export const prepared = <TResult>(name: string, build: (db: Database) => Preparable<TResult>) => {
  let recorded: Recorded | undefined;
  return async (db: Database | Transaction, values: Record<string, unknown> = {}): Promise<TResult> => {
    recorded ??= record(name, build);
    const query = (db as Database)._.session.prepareQuery(...recorded.args) as unknown as Executable<TResult> & {
      joinsNotNullableMap?: Record<string, boolean>;
    };
    query.joinsNotNullableMap = recorded.joinsNotNullableMap;
    return query.execute(values);
  };
};
