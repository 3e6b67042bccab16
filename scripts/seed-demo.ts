// npm run seed:demo: fills the configured database (DATABASE_URL, or the embedded one in DATA_DIR) with demo data.
// The embedded database serves one process at a time: stop the server first.
import { loadConfig, seedDemo } from '@zaryad/server/seed';

const config = loadConfig();
const result = await seedDemo(config);
if (result.firstAdmin?.generatedPassword) {
  console.log(`First administrator: ${result.firstAdmin.email} / ${result.firstAdmin.generatedPassword} (shown once)`);
}
for (const line of result.lines) {
  console.log(line);
}
