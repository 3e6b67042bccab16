// Vitest global setup (PostgreSQL): one migrated template database; every test file clones it (CREATE DATABASE
// ... TEMPLATE is a file copy, far faster than migrating each database).
import pg from 'pg';
import { openDatabase } from '../db/client';
import { seedReferenceData } from '../seed/reference';
import { databaseUrlFor, TEMPLATE_DATABASE } from './pg-urls';

export default async function setup() {
  // vitest.pg.config.ts sets the same default for the test workers.
  const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: databaseUrlFor(baseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  // Migrated and seeded with the reference data: every clone starts with roles, connector types and locations.
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, TEMPLATE_DATABASE), poolSize: 1, seedReferenceData });
  await handle.close();
}
