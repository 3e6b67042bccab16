// Runs the given command only when the named environment variable is set (used for the PostgreSQL test pass).
import { spawnSync } from 'node:child_process';

const [name, command, ...args] = process.argv.slice(2);
if (!process.env[name]) {
  console.log(`${name} is not set: skipping \`${[command, ...args].join(' ')}\``);
  process.exit(0);
}
const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
process.exit(result.status ?? 1);
