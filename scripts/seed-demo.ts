// npm run seed:demo: fills the configured database (DATABASE_URL, or the embedded one in DATA_DIR) with demo data.
// The embedded database serves one process at a time: stop the server first.
//   --small (or SEED_SCALE=small)  a small network: a few hundred drivers, about a charge a station-day (CI)
//   --check                        seed nothing: check the database's invariants (apps/server/src/seed/check.ts),
//                                  list the violations and exit 1 on any (SEED_CHECK_PERIODS=all: every dashboard
//                                  period of every merchant, not a sample)
import { loadConfig, seedDemo } from '@zaryad/server/seed';

const flags = new Set(process.argv.slice(2));
const known = ['--small', '--check'];
const unknown = [...flags].filter((flag) => !known.includes(flag));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(', ')}; known: ${known.join(', ')}`);
  process.exit(2);
}
const scale = flags.has('--small') || process.env.SEED_SCALE === 'small' ? 'small' : 'full';
const config = loadConfig();
const result = await seedDemo(config, {
  scale,
  check: flags.has('--check'),
});
if (result.firstAdmin?.generatedPassword) {
  console.log(`First administrator: ${result.firstAdmin.email} / ${result.firstAdmin.generatedPassword} (shown once)`);
}
for (const line of result.lines) {
  console.log(line);
}
process.exitCode = result.failed ? 1 : 0;
