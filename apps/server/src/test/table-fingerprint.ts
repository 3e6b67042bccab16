import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every table of the public schema with its row count and a digest of all its rows (`count:md5`): two databases
 * with equal fingerprints hold the same records (the backup and restore tests compare a copy with its source).
 */
export const tableFingerprint = async (db: Database): Promise<Record<string, string>> => {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ rows: string; digest: string | null }>(
      await db.execute(
        sql.raw(
          `select count(*)::text as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
        ),
      ),
    );
    result[name] = `${row?.rows}:${row?.digest ?? ''}`;
  }
  return result;
};
