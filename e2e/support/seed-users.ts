// App users for the end-to-end tests, inserted into the fresh embedded database before the server starts (see
// playwright.config.ts): the dashboard cannot create app users (they sign up in the mobile app), and the embedded
// database serves one process at a time.
import { join } from 'node:path';
import { buildEntry, buildUser, loadConfig, openDatabase, seedReferenceData } from '@zaryad/server/seed';
import { E2E_USERS, type TE2eUser } from './users';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'pgdata'),
  seedReferenceData,
});
try {
  for (const fixture of E2E_USERS as readonly TE2eUser[]) {
    const user = await buildUser(database.db, {
      name: fixture.name,
      phone: fixture.phone,
      email: fixture.email,
      gender: fixture.gender,
      personalAccount: fixture.personalAccount,
      registeredAt: new Date(fixture.registeredAt),
      car: { ...fixture.car },
      idTags: fixture.idTags?.map((tag) => ({ ...tag })),
    });
    for (const entry of fixture.entries) {
      await buildEntry(database.db, user.id, { ...entry, createdAt: new Date(entry.createdAt) });
    }
  }
} finally {
  await database.close();
}
