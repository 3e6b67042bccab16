import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { accounts } from '../modules/accounts/accounts.tables';
import { ensureFirstAdmin } from '../modules/accounts/first-admin';
import { createLocalFileStorage } from '../modules/media/file-storage';
import { seedSurroundings } from '../modules/surroundings/surroundings.seed';
import { seedTags } from '../modules/tags/tags.seed';
import { seedRates } from '../modules/rates/rates.seed';
import { seedMerchants, seedStationDailyTotals } from '../modules/merchants/merchants.seed';
import { createStationSecrets } from '../modules/stations/station-secret';
import { seedStations } from '../modules/stations/stations.seed';
import { type AccountOverrides, buildAccount } from '../test/builders';

export { loadConfig } from '../config';
export { buildAccount } from '../test/builders';

/** The demo network's dashboard accounts. Everyone signs in with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'zaryad-demo-2026';
const DEMO_ACCOUNTS: AccountOverrides[] = [
  { email: 'manager@zaryad.local', roleKey: 'manager', firstName: 'Айгерим', lastName: 'Садыкова', phone: '996555100200', position: 'Менеджер сети' },
  { email: 'operator@zaryad.local', roleKey: 'operator', firstName: 'Бакыт', lastName: 'Осмонов', phone: '996700300400', position: 'Оператор' },
  { email: 'operator.osh@zaryad.local', roleKey: 'operator', firstName: 'Нурлан', lastName: 'Абдыкеримов', phone: '996777500600', position: 'Оператор (Ош)' },
  { email: 'finance@zaryad.local', roleKey: 'finance', firstName: 'Гүлнара', lastName: 'Токтосунова', phone: '996555900100', position: 'Финансист' },
  { email: 'analyst@zaryad.local', roleKey: 'analyst', firstName: 'Азамат', lastName: 'Беков', phone: '996700900200', position: 'Аналитик' },
  { email: 'blocked@zaryad.local', roleKey: 'manager', firstName: 'Эмиль', lastName: 'Жумабеков', phone: '996550700800', position: 'Бывший менеджер', isBlocked: true },
];

/** Creates the demo accounts that do not exist yet; running it twice changes nothing. */
export const seedDemoAccounts = async (db: Database): Promise<string[]> => {
  const created: string[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const email = demo.email ?? '';
    const [existing] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
    if (!existing) {
      await buildAccount(db, { ...demo, password: DEMO_PASSWORD });
      created.push(email);
    }
  }
  return created;
};

/** Seeds the configured database (DATABASE_URL, or the embedded one in DATA_DIR). */
export const seedDemo = async (config: AppConfig) => {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pgdata') });
  try {
    const firstAdmin = await ensureFirstAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
    const created = await seedDemoAccounts(database.db);
    const tags = await seedTags(database.db);
    const surroundings = await seedSurroundings(
      database.db,
      createLocalFileStorage(join(config.dataDir, 'uploads'), 'surroundings'),
    );
    // Default tariffs per connector type (and a few personal ones): stations show them beside their connectors.
    await seedRates(database.db);
    const merchants = await seedMerchants(database.db);
    const stations = await seedStations(
      database.db,
      createLocalFileStorage(join(config.dataDir, 'uploads'), 'stations'),
      createStationSecrets(config.stationSecretKey ?? config.jwtSecret),
    );
    // Stations must be seeded before this line: it gives every station without totals a year of them.
    const stationDays = await seedStationDailyTotals(database.db);
    return { firstAdmin, created, password: DEMO_PASSWORD, catalogue: { tags, surroundings }, network: { merchants, stations, stationDays } };
  } finally {
    await database.close();
  }
};
