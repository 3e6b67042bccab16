import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { databaseUrlFor, TEMPLATE_DATABASE } from './pg-urls';

/**
 * A fresh migrated database for one test file: a clone of the template on PostgreSQL (TEST_DATABASE_URL), an
 * in-memory PGlite loaded from the migrated template otherwise. Closing it drops the PostgreSQL clone.
 */
export const createTestDatabase = async (): Promise<DatabaseHandle> => {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    return openDatabase({ pgliteTemplate: template });
  }
  const name = `zaryad_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrlFor(baseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name), migrate: false, poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: databaseUrlFor(baseUrl, 'postgres') });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.end());
    },
  };
};
