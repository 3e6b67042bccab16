// npm run seed:demo: fills the configured database (DATABASE_URL, or the embedded one in DATA_DIR) with demo data.
// The embedded database serves one process at a time: stop the server first.
import { loadConfig, seedDemo } from '@zaryad/server/seed';

const config = loadConfig();
const result = await seedDemo(config);
if (result.firstAdmin?.generatedPassword) {
  console.log(`First administrator: ${result.firstAdmin.email} / ${result.firstAdmin.generatedPassword} (shown once)`);
}
console.log(
  result.created.length > 0
    ? `Demo accounts created (password ${result.password}):\n  ${result.created.join('\n  ')}`
    : 'Demo accounts already exist: nothing to do.',
);
console.log(`Tags added: ${result.catalogue.tags}; infrastructure items added: ${result.catalogue.surroundings}; tariffs in place.`);
console.log(
  `Merchants added: ${result.network.merchants}; stations added: ${result.network.stations}; station days of totals added: ${result.network.stationDays}.`,
);
