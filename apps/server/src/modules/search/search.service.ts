/**
 * The global search (docs/product/search.md): merchants, stations, app users, charges and dashboard accounts found by
 * one text, each group ranked and limited.
 *
 * Each group is up to three reads, each stopping at a few rows, the next one only while the group has room: the records
 * a field of which is the text (exact), starts with it (prefix), and holds it (contains). Their ids keep each one's best
 * rank, and the group answers the first SEARCH_GROUP_LIMIT by rank, then newest (the highest id) first. Each read has an index:
 * equality and prefixes over btree indexes (a prefix is read as a range, `>= text and < text || U+10FFFF`, with the
 * LIKE that decides kept beside it), containment over the trigram indexes the lists search with. A read that would
 * match most of a table stops after its few rows, whichever plan the database takes, so an unselective text ("Станция")
 * costs no more than a rare one. Charges are only found by their exact number or transaction id: ten million of them
 * have no text to search.
 */
import {
  formatPhone,
  SEARCH_GROUP_LIMIT,
  SEARCH_GROUPS,
  SEARCH_MIN_LENGTH,
  type TLanguage,
  type TPermission,
  type TSearchGroup,
  type TSearchGroupKind,
  type TSearchHit,
  type TSearchMatch,
  type TSearchResult,
} from '@zaryad/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { isPhoneLike } from '../../platform/list-query';
import { accounts } from '../accounts';
import { charges } from '../charges';
import { merchants } from '../merchants';
import { stations } from '../stations';
import { appUsers } from '../users';

/** The permission that shows each group: an account that may not read a group's list gets no such group. */
export const SEARCH_GROUP_PERMISSIONS: Record<TSearchGroupKind, TPermission> = {
  merchants: 'merchants.view',
  stations: 'stations.view',
  users: 'users.view',
  charges: 'charges.view',
  accounts: 'accounts.view',
};

const MATCHES: TSearchMatch[] = ['exact', 'prefix', 'contains'];
/** Rows each read stops at: one more than a group shows, to know whether it has more. */
const READ_LIMIT = SEARCH_GROUP_LIMIT + 1;
/** The largest integer a charge number or transaction id may be (PostgreSQL integer, bigserial ids stay below it). */
const MAX_INT = 2_147_483_647;

/** Escapes LIKE wildcards so that `50%` is searched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The text's forms each read compares with. */
interface SearchText {
  /** As typed, trimmed. */
  raw: string;
  lower: string;
  upper: string;
  /** LIKE patterns of the lower-cased text: whole, start, anywhere. */
  exactPattern: string;
  prefixPattern: string;
  containsPattern: string;
  /** The digits of a phone-like text, a local `0…` number as the stored `996…`; undefined otherwise. */
  phone: string | undefined;
  phoneDigits: string | undefined;
  /** The text as a whole number (a charge's number or transaction id); undefined otherwise. */
  number: number | undefined;
}

const toSearchText = (raw: string): SearchText => {
  const lower = raw.toLowerCase();
  const escaped = escapeLike(lower);
  const digits = raw.replace(/\D/g, '');
  const phoneLike = isPhoneLike(raw);
  const number = /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_INT ? Number(raw) : undefined;
  return {
    raw,
    lower,
    upper: raw.toUpperCase(),
    exactPattern: escaped,
    prefixPattern: `${escaped}%`,
    containsPattern: `%${escaped}%`,
    phone: phoneLike ? (digits.startsWith('0') ? `996${digits.slice(1)}` : digits) : undefined,
    phoneDigits: phoneLike ? digits : undefined,
    number,
  };
};

/** A btree-readable prefix: the range that holds every text starting with `text`, and the LIKE that decides. */
const startsWith = (column: PgColumn | SQL, text: string) =>
  sql`(${column} >= ${text} and ${column} < ${text} || chr(1114111) and ${column} like ${`${escapeLike(text)}%`})`;

const anyOf = (conditions: (SQL | undefined)[]) => {
  const given = conditions.filter((condition): condition is SQL => condition !== undefined);
  return given.length === 0 ? sql`false` : sql`(${sql.join(given, sql` or `)})`;
};

interface GroupQuery {
  table: SQL;
  id: PgColumn;
  /** Conditions of each rank, each list read as one `or`. */
  exact: (SQL | undefined)[];
  prefix: (SQL | undefined)[];
  contains: (SQL | undefined)[];
  /** What the answer's rows hold besides id and rank (`... as title, ... as subtitle, ... as merchant_id`). */
  fields: SQL;
  /** The subtitle composed from the row's own fields, where the database cannot write it as the screens do. */
  subtitleOf?: (row: HitRow) => string;
  /** Joins the fields need, after the group's table. */
  joins?: SQL;
}

interface HitRow {
  id: number | string;
  title: string | null;
  subtitle: string | null;
  merchant_id: number | null;
  /** Fields a `subtitleOf` reads (an app user's phone and personal account). */
  [field: string]: unknown;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The three reads in turn, each skipped once the group holds READ_LIMIT records: a text whose exact or prefix matches
 * fill the group never pays for the trigram read, whose common trigrams (those of "станция" in 140,000 station names)
 * cost the most. Then the records' fields, ranked, newest first within a rank.
 */
const readGroup = async (db: Database, kind: TSearchGroupKind, query: GroupQuery): Promise<TSearchGroup> => {
  const ranks = new Map<number, number>();
  for (const [rank, conditions] of [query.exact, query.prefix, query.contains].entries()) {
    // Containment is looked for only when nothing matches exactly or by its start: its trigram read is the costly one
    // (a full name's common trigrams, «водитель», point to a million users), and it would only rank after them.
    const isSkipped = rank === 2 ? ranks.size > 0 : ranks.size >= READ_LIMIT;
    if (isSkipped || conditions.every((condition) => condition === undefined)) {
      continue;
    }
    const found = rowsOf<{ id: number | string }>(
      await db.execute(
        sql`select ${query.id} as id from ${query.table} where ${anyOf(conditions)} limit ${READ_LIMIT}`,
      ),
    );
    for (const row of found) {
      const id = Number(row.id);
      if (!ranks.has(id)) {
        ranks.set(id, rank);
      }
    }
  }
  if (ranks.size === 0) {
    return { kind, items: [], more: false };
  }
  const ids = [...ranks.keys()];
  const rows = rowsOf<HitRow>(
    await db.execute(sql`
      select ${query.id} as id, ${query.fields}
      from ${query.table} ${query.joins ?? sql``}
      where ${query.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  const ranked = rows
    .map((row) => ({ ...row, id: Number(row.id), rank: ranks.get(Number(row.id)) ?? 2 }))
    .sort((a, b) => a.rank - b.rank || b.id - a.id);
  const items = ranked.slice(0, SEARCH_GROUP_LIMIT).map((row): TSearchHit => ({
    id: row.id,
    title: row.title ?? '',
    subtitle: query.subtitleOf ? query.subtitleOf(row) : (row.subtitle ?? ''),
    match: MATCHES[row.rank] ?? 'contains',
    merchant_id: row.merchant_id === null ? null : Number(row.merchant_id),
  }));
  return { kind, items, more: ranks.size > SEARCH_GROUP_LIMIT };
};

const searchMerchants = (db: Database, text: SearchText) =>
  readGroup(db, 'merchants', {
    table: sql`${merchants}`,
    id: merchants.id,
    exact: [
      sql`${merchants.name} ilike ${text.exactPattern}`,
      sql`${merchants.agreementNumber} ilike ${text.exactPattern}`,
      text.phone ? sql`${merchants.phone} = ${text.phone}` : undefined,
    ],
    prefix: [
      sql`${merchants.name} ilike ${text.prefixPattern}`,
      sql`${merchants.agreementNumber} ilike ${text.prefixPattern}`,
      sql`${merchants.legalEntity} ilike ${text.prefixPattern}`,
      text.phone ? sql`${merchants.phone} like ${`${text.phone}%`}` : undefined,
    ],
    contains: [
      sql`${merchants.name} ilike ${text.containsPattern}`,
      sql`${merchants.agreementNumber} ilike ${text.containsPattern}`,
      sql`${merchants.legalEntity} ilike ${text.containsPattern}`,
      sql`${merchants.email} ilike ${text.containsPattern}`,
      text.phoneDigits ? sql`${merchants.phone} like ${`%${text.phoneDigits}%`}` : undefined,
    ],
    fields: sql`${merchants.name} as title, ${merchants.legalEntity} || ' · ' || ${merchants.agreementNumber} as subtitle,
      null::int as merchant_id`,
  });

/** A station's name and address in the request's language, falling back to Russian. */
const stationText = (language: TLanguage) => {
  const pick = (ru: PgColumn, en: PgColumn, ky: PgColumn) =>
    language === 'en'
      ? sql`coalesce(nullif(${en}, ''), ${ru})`
      : language === 'ky'
        ? sql`coalesce(nullif(${ky}, ''), ${ru})`
        : sql`${ru}`;
  return {
    name: pick(stations.nameRu, stations.nameEn, stations.nameKy),
    address: pick(stations.addressRu, stations.addressEn, stations.addressKy),
  };
};

const searchStations = (db: Database, text: SearchText, language: TLanguage) => {
  const names = [stations.nameRu, stations.nameEn, stations.nameKy];
  const addresses = [stations.addressRu, stations.addressEn, stations.addressKy];
  const shown = stationText(language);
  return readGroup(db, 'stations', {
    table: sql`${stations}`,
    id: stations.id,
    exact: [stations.identity, ...names].map((column) => sql`lower(${column}) = ${text.lower}`),
    prefix: [stations.identity, ...names, ...addresses].map((column) => startsWith(sql`lower(${column})`, text.lower)),
    contains: [stations.identity, ...names, ...addresses].map((column) => sql`${column} ilike ${text.containsPattern}`),
    fields: sql`${shown.name} as title,
      ${stations.identity} || case when ${shown.address} = '' then '' else ' · ' || ${shown.address} end as subtitle,
      ${stations.merchantId} as merchant_id`,
  });
};

/**
 * Users by name, personal account and phone exactly or by their start (btree: `lower(name)`, the unique personal
 * account and phone), and by any part of name, email, personal account (`search_text`) or phone (trigram indexes).
 */
const searchUsers = (db: Database, text: SearchText) =>
  readGroup(db, 'users', {
    table: sql`${appUsers}`,
    id: appUsers.id,
    exact: [
      sql`lower(${appUsers.name}) = ${text.lower}`,
      sql`${appUsers.personalAccount} in (${text.raw}, ${text.upper})`,
      text.phone ? sql`${appUsers.phone} = ${text.phone}` : undefined,
    ],
    prefix: [
      startsWith(sql`lower(${appUsers.name})`, text.lower),
      startsWith(appUsers.personalAccount, text.upper),
      text.phone ? startsWith(appUsers.phone, text.phone) : undefined,
    ],
    contains: [
      sql`${appUsers.searchText} like ${text.containsPattern}`,
      text.phoneDigits ? sql`${appUsers.phone} like ${`%${text.phoneDigits}%`}` : undefined,
    ],
    fields: sql`${appUsers.name} as title, ${appUsers.phone} as phone, ${appUsers.personalAccount} as personal_account,
      null::int as merchant_id`,
    // The phone as every screen shows it (+996 (555) 12-34-56), then the personal account.
    subtitleOf: (row) => `${formatPhone(String(row.phone ?? ''))} · ${String(row.personal_account ?? '')}`,
  });

/** Charges by their number or transaction id, exactly (both unique indexes); a text that is no number finds none. */
const searchCharges = async (db: Database, text: SearchText, language: TLanguage): Promise<TSearchGroup> => {
  if (text.number === undefined) {
    return { kind: 'charges', items: [], more: false };
  }
  const shown = stationText(language);
  return readGroup(db, 'charges', {
    table: sql`${charges}`,
    id: charges.id,
    exact: [sql`${charges.id} = ${text.number}`, sql`${charges.ocppTransactionId} = ${text.number}`],
    prefix: [],
    contains: [],
    fields: sql`${charges.id}::text as title,
      ${shown.name} || coalesce(' · ' || ${appUsers.name}, '') as subtitle, ${stations.merchantId} as merchant_id`,
    joins: sql`join ${stations} on ${stations.id} = ${charges.stationId} left join ${appUsers} on ${appUsers.id} = ${charges.userId}`,
  });
};

const searchAccounts = (db: Database, text: SearchText) => {
  const fullName = sql`(${accounts.lastName} || ' ' || ${accounts.firstName})`;
  const reversedName = sql`(${accounts.firstName} || ' ' || ${accounts.lastName})`;
  return readGroup(db, 'accounts', {
    table: sql`${accounts}`,
    id: accounts.id,
    exact: [
      sql`${accounts.email} = ${text.lower}`,
      sql`${accounts.firstName} ilike ${text.exactPattern}`,
      sql`${accounts.lastName} ilike ${text.exactPattern}`,
      sql`${fullName} ilike ${text.exactPattern}`,
      sql`${reversedName} ilike ${text.exactPattern}`,
      text.phone ? sql`${accounts.phone} = ${text.phone}` : undefined,
    ],
    prefix: [
      sql`${accounts.email} like ${text.prefixPattern}`,
      sql`${accounts.firstName} ilike ${text.prefixPattern}`,
      sql`${accounts.lastName} ilike ${text.prefixPattern}`,
      sql`${fullName} ilike ${text.prefixPattern}`,
      sql`${reversedName} ilike ${text.prefixPattern}`,
    ],
    contains: [
      sql`${accounts.email} ilike ${text.containsPattern}`,
      sql`${fullName} ilike ${text.containsPattern}`,
      sql`${reversedName} ilike ${text.containsPattern}`,
      text.phoneDigits ? sql`${accounts.phone} like ${`%${text.phoneDigits}%`}` : undefined,
    ],
    fields: sql`${fullName} as title, ${accounts.email} as subtitle, null::int as merchant_id`,
  });
};

export interface SearchService {
  search(q: string, options: { permissions: ReadonlySet<TPermission>; language: TLanguage }): Promise<TSearchResult>;
}

export const createSearchService = (db: Database): SearchService => ({
  async search(q, { permissions, language }) {
    const kinds = SEARCH_GROUPS.filter((kind) => permissions.has(SEARCH_GROUP_PERMISSIONS[kind]));
    const text = toSearchText(q);
    // A text too short to mean anything finds nothing, but a charge's number may be a single digit.
    const tooShort = (kind: TSearchGroupKind) =>
      q.length < SEARCH_MIN_LENGTH && !(kind === 'charges' && text.number !== undefined);
    const readers: Record<TSearchGroupKind, () => Promise<TSearchGroup>> = {
      merchants: () => searchMerchants(db, text),
      stations: () => searchStations(db, text, language),
      users: () => searchUsers(db, text),
      charges: () => searchCharges(db, text, language),
      accounts: () => searchAccounts(db, text),
    };
    // On PostgreSQL the groups are read on several of the pool's connections at once; PGlite takes them in turn.
    const groups = await Promise.all(
      kinds.map((kind) => (tooShort(kind) ? { kind, items: [], more: false } : readers[kind]())),
    );
    return { q, groups };
  },
});
