// Before the end-to-end server starts on PostgreSQL (E2E_DATABASE_URL, see env.ts): its database, dropped and made
// again empty, so that every run starts from the same nothing as on the embedded database's fresh data directory.
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`The end-to-end database name ${name} is not a plain identifier`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}
