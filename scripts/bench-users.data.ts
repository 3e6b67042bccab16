// Bulk data of the users benchmark: 1,000,000 app users and 5,000,000 ledger entries, written by two set-based
// INSERT ... SELECT generate_series statements with the per-row triggers off (session_replication_role = replica)
// and the tables' secondary indexes rebuilt afterwards: a minute or two instead of hours through the ledger trigger.
// Each balance and deposit is computed from the same amounts (the deposit with a window over the user's entries),
// so that every balance still equals the sum of its entries; the run checks it before measuring anything.
import pg from 'pg';

export const USERS = {
  users: 1_000_000,
  /** A user has 3 to 7 entries (3 + id % 5): 5 on average, 5,000,000 in all. */
  entries: 5_000_000,
  /** Each user's first entry is a top-up from another card: the statement filtered by that method has 1,000,000 rows. */
  otherCardEntries: 1_000_000,
} as const;

const TABLES = ['app_users', 'balance_entries'] as const;

/**
 * The amounts: entry j of user u is a top-up when j is odd (100 to 3,000 som, by 100) and a charge payment of 70% of
 * the top-up before it when j is even, so that no balance goes below zero. In tyiyn.
 */
const CREDIT = (user: string, entry: string) =>
  `(case when ${entry} % 2 = 1 then 10000 * (1 + ((${user}::bigint * 31 + ${entry} * 17) % 30)) else 0 end)::bigint`;
const DEBIT = (user: string, entry: string) =>
  `(case when ${entry} % 2 = 0 then 7000 * (1 + ((${user}::bigint * 31 + (${entry} - 1) * 17) % 30)) else 0 end)::bigint`;
const ENTRIES_OF = (user: string) => `generate_series(1, 3 + ${user} % 5)`;

const MALE_FIRST = [
  'Айбек',
  'Нурлан',
  'Бакыт',
  'Азамат',
  'Эрлан',
  'Бекзат',
  'Улан',
  'Тимур',
  'Данияр',
  'Мирлан',
  'Александр',
  'Дмитрий',
  'Сергей',
  'Андрей',
  'Максим',
];
const FEMALE_FIRST = [
  'Нургуль',
  'Айгерим',
  'Жылдыз',
  'Гульнара',
  'Айпери',
  'Асель',
  'Бермет',
  'Динара',
  'Чолпон',
  'Екатерина',
  'Анна',
  'Мария',
  'Ольга',
  'Елена',
];
/** Male forms; the female form adds «а». */
const SURNAMES = [
  'Садыков',
  'Абдыкадыров',
  'Осмонов',
  'Токтогулов',
  'Жумабеков',
  'Асанов',
  'Усенов',
  'Мамытов',
  'Исаков',
  'Алымкулов',
  'Орозбаев',
  'Султанов',
  'Кадыров',
  'Смирнов',
  'Иванов',
  'Кузнецов',
  'Попов',
  'Соколов',
  'Петров',
  'Волков',
];
const CARS: [string, string][] = [
  ['BYD', 'Song Plus'],
  ['BYD', 'Han'],
  ['BYD', 'Seagull'],
  ['Zeekr', '001'],
  ['Tesla', 'Model Y'],
  ['Li Auto', 'L7'],
  ['Nissan', 'Leaf'],
  ['Hyundai', 'Ioniq 5'],
  ['Volkswagen', 'ID.4'],
  ['Changan', 'Deepal S7'],
];
const COLORS = ['белый', 'чёрный', 'серый', 'серебристый', 'синий', 'красный'];
const PREFIXES = [
  '500',
  '502',
  '505',
  '550',
  '555',
  '557',
  '700',
  '703',
  '707',
  '770',
  '772',
  '777',
  '220',
  '222',
  '999',
];

const array = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;
/** One of `values`, picked by an integer expression. */
const item = (values: readonly string[], index: string) => `(${array(values)})[1 + (${index}) % ${values.length}]`;

export interface LoadTimings {
  usersMs: number;
  entriesMs: number;
  rollupsMs: number;
  indexesMs: number;
  vacuumMs: number;
}

const timed = async (work: () => Promise<unknown>) => {
  const startedAt = performance.now();
  await work();
  return Math.round(performance.now() - startedAt);
};

/**
 * Fills a migrated database (the server has started on it: the first administrator exists, who makes the top-ups).
 * Phones (996 + a prefix + 6 digits), personal accounts and referral codes are unique by construction: the unique
 * indexes rebuilt at the end would refuse a duplicate.
 */
export const insertUsers = async (databaseUrl: string): Promise<LoadTimings> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [admin] = (await client.query<{ id: number }>('select id from accounts order by id limit 1')).rows;
    if (!admin) {
      throw new Error('no account: start the server on the database first');
    }
    // Replica mode skips the row triggers (the ledger's, "balances start at 0") and the foreign-key checks, which the
    // generated rows satisfy by construction; the statement triggers that bump list_versions are bumped by hand below.
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set synchronous_commit = off`);
    const indexes = (
      await client.query<{ name: string; definition: string }>(
        `select i.indexname as name, i.indexdef as definition from pg_indexes i
         where i.schemaname = 'public' and i.tablename = any($1::text[])
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [TABLES],
      )
    ).rows;
    for (const index of indexes) {
      await client.query(`drop index "${index.name}"`);
    }
    const usersMs = await timed(() =>
      client.query(
        `insert into app_users (id, personal_account, name, phone, email, gender, birthday, registered_at, car_make, car_model,
                                car_year, car_color, driver_licence, balance, status, referral_code, updated_at)
         select g, '2' || lpad(g::text, 7, '0'),
                case when g % 100 < 62 then ${item(MALE_FIRST, 'g / 7')} || ' ' || ${item(SURNAMES, 'g / 3')}
                     else ${item(FEMALE_FIRST, 'g / 7')} || ' ' || ${item(SURNAMES, 'g / 3')} || 'а' end,
                -- 15 prefixes x 1,000,000 numbers: g picks a prefix by g % 15 and a number by g / 15 (unique pairs).
                '996' || ${item(PREFIXES, 'g')} || lpad((g / 15 * 7919 % 1000000)::text, 6, '0'),
                'driver' || g || '@example.kg',
                case when g % 100 < 62 then 'male' else 'female' end,
                date '1960-01-01' + (g * 37 % 16800),
                now() - interval '365 days' * random(),
                ${item(
                  CARS.map(([make]) => make),
                  'g',
                )}, ${item(
                  CARS.map(([, model]) => model),
                  'g',
                )},
                2018 + g % 8, ${item(COLORS, 'g / 11')}, 'AN' || lpad((g * 7 % 10000000)::text, 7, '0'),
                (select sum(${CREDIT('g', 'j')} - ${DEBIT('g', 'j')}) from ${ENTRIES_OF('g')} j),
                case when g % 33 = 0 then 1 else 0 end,
                'R' || upper(to_hex(g)), now()
         from generate_series(1, $1::int) g`,
        [USERS.users],
      ),
    );
    await client.query(`select setval('app_users_id_seq', (select max(id) from app_users))`);
    // Entries in time order (ids grow with time, as in production); each deposit is the running sum of the user's
    // entries, the balance after it: the window runs over one user's few rows at a time.
    const entriesMs = await timed(() =>
      client.query(
        `insert into balance_entries (user_id, created_at, basis, method, debit, credit, deposit, comment, account_id, user_blocked)
         select u.id, e.created_at, e.basis, e.method, e.debit, e.credit, e.deposit, '', case when e.credit > 0 then $1::int end, false
         from app_users u
         cross join lateral (
           select x.*, sum(x.credit - x.debit) over (order by x.j) as deposit
           from (
             select j, ${CREDIT('u.id', 'j')} as credit, ${DEBIT('u.id', 'j')} as debit,
                    case when j % 2 = 1 then 'top_up' else 'charge_payment' end as basis,
                    case when j = 1 then 'other_card' when j % 2 = 1 then 'cash' else 'personal_balance' end as method,
                    u.registered_at + (now() - u.registered_at) * ((j - 0.5 + (random() - 0.5) * 0.8) / (3 + u.id % 5)) as created_at
             from ${ENTRIES_OF('u.id')} j
           ) x
         ) e
         order by e.created_at`,
        [admin.id],
      ),
    );
    // The ledger's rollup (apps/server/src/db/routines/ledger.sql), which its row trigger would have kept: the same grouping in one statement.
    const rollupsMs = await timed(() =>
      client.query(
        `insert into balance_entry_totals (day, basis, method, shard, entries, debit, credit)
         select (created_at at time zone 'UTC' + interval '6 hours')::date, basis, method, user_id % 16, count(*), sum(debit), sum(credit)
         from balance_entries group by 1, 2, 3, 4`,
      ),
    );
    const indexesMs = await timed(async () => {
      for (const index of indexes) {
        await client.query(index.definition);
      }
    });
    // The ledger has no version row (its inserts bump none: apps/server/src/db/routines/list-versions.sql): only the users' is bumped.
    await client.query(`update list_versions set version = version + 1 where name = any($1::text[])`, [TABLES]);
    await client.query(`set session_replication_role = origin`);
    // As autovacuum would soon after a bulk load: statistics, and the visibility map for index-only scans.
    const vacuumMs = await timed(() =>
      client.query(`vacuum (analyze) app_users, balance_entries, balance_entry_totals`),
    );
    return { usersMs, entriesMs, rollupsMs, indexesMs, vacuumMs };
  } finally {
    await client.end();
  }
};

/** The app users a database holds, or null when it does not exist (a run that may reuse an earlier run's data). */
export const loadedUsers = async (databaseUrl: string): Promise<number | null> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const [row] = (await client.query<{ users: number }>('select count(*)::int as users from app_users')).rows;
    return row?.users ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** Users whose balance differs from the sum of their entries, or from their latest entry's deposit. */
export const ledgerMismatches = async (client: pg.ClientBase, userIds?: number[]) => {
  const result = await client.query<{ count: number }>(
    `select count(*)::int as count from app_users u
     left join (select user_id, sum(credit - debit) as total from balance_entries
                ${userIds ? 'where user_id = any($1::int[])' : ''} group by user_id) t on t.user_id = u.id
     left join lateral (select deposit from balance_entries last where last.user_id = u.id
                        order by last.created_at desc, last.id desc limit 1) latest on true
     where ${userIds ? 'u.id = any($1::int[]) and' : ''}
           (u.balance <> coalesce(t.total, 0) or u.balance <> coalesce(latest.deposit, 0))`,
    userIds ? [userIds] : [],
  );
  return result.rows[0]?.count ?? -1;
};

/** The statement export's own select (users.export.ts) of the other-card entries: what COPY is timed on. */
export const OTHER_CARD_STATEMENT_SELECT = `select e.created_at, u.name, u.personal_account, e.basis, e.method, e.debit, e.credit, e.deposit,
        e.comment, a.first_name || ' ' || a.last_name
      from balance_entries e join app_users u on u.id = e.user_id left join accounts a on a.id = e.account_id
      where e.method = 'other_card' order by e.created_at desc, e.id desc`;
