// `npm test`: every check CI runs, in stages. Within a stage, lanes run side by side and the commands of a lane one
// after another: the single-threaded checks (tsc, eslint, one server under a fuzzer) share the machine's two cores
// instead of leaving one idle. A lane's output is printed whole when it ends, so lanes never interleave; the last
// stage streams (the end-to-end run is long and its progress is worth seeing). The first failure stops the run.
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { availableParallelism } from 'node:os';

/**
 * Vitest's own default is the cores less one: a single worker on two cores. The web's unit tests take both once the
 * other lane's short checks are done.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

/** @typedef {{ name: string, command: string }} Step */
const step = (name, command) => ({ name, command });

/** @type {{ name: string, lanes: Step[][], stream?: boolean }[]} */
const STAGES = [
  {
    name: 'types, lint and unit tests',
    lanes: [
      [
        step('typecheck apps/web', 'npm run typecheck -w apps/web'),
        step('unit: apps/web', `npm run test -w apps/web -- --maxWorkers=${WORKERS}`),
      ],
      [
        step('typecheck packages/contracts', 'npm run typecheck -w packages/contracts'),
        // scripts/tsconfig.json includes the server's sources: one program for both.
        step('typecheck apps/server and scripts', 'npm run typecheck -w scripts'),
        step('typecheck e2e', 'npm run typecheck -w e2e'),
        step('typecheck apps/driver', 'npm run typecheck -w apps/driver'),
        step('lint', 'npm run lint'),
        step('unit: eslint rules and import graph', 'node --test eslint/'),
        step('unit: the Dockerfile and its linter', 'node --test scripts/lint-dockerfile.test.mjs'),
        step('unit: packages/contracts', 'npm run test -w packages/contracts'),
        step('unit: apps/driver', 'npm run test -w apps/driver'),
      ],
    ],
  },
  {
    // Vitest gives itself one worker on a 2-core machine (the cores less one): the embedded run keeps one core busy
    // with PGlite, the PostgreSQL run the other between its worker and the server's processes. The PostgreSQL run
    // ends first (415 against 577 s in a clean run): the conformance suite, the fuzzer and the build follow it in its
    // lane instead of waiting for a stage of their own.
    name: 'API on the embedded database and on PostgreSQL; OCPP conformance, fuzz and the production build',
    lanes: [
      [step('test:api', 'npm run test:api')],
      [
        step('test:api:pg', 'npm run test:api:pg'),
        step('test:ocpp-conformance', 'npm run test:ocpp-conformance'),
        step('test:fuzz', 'npm run test:fuzz'),
        step('build', 'npm run build'),
        step('test:size', 'npm run test:size'),
      ],
    ],
  },
  { name: 'end to end', lanes: [[step('e2e', 'npm run test -w e2e')]], stream: true },
];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Runs one command; resolves with its exit code and, unless streamed, its output. */
const run = ({ command }, stream) =>
  new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });

const runLane = async (lane, stream) => {
  for (const item of lane) {
    const started = Date.now();
    if (stream) {
      console.log(`\n== ${item.name}`);
    }
    const { code, output } = await run(item, stream);
    if (!stream) {
      console.log(`\n== ${item.name}`);
      process.stdout.write(output);
    }
    console.log(`== ${item.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(started)}`);
    if (code !== 0) {
      return false;
    }
  }
  return true;
};

const started = Date.now();
const only = process.argv.slice(2);
console.log(`npm test: ${availableParallelism()} cores${only.length ? `, stages ${only.join(', ')}` : ''}`);
for (const [index, stage] of STAGES.entries()) {
  if (only.length && !only.includes(String(index + 1))) {
    continue;
  }
  const stageStarted = Date.now();
  console.log(`\n=== stage ${index + 1}: ${stage.name}`);
  const results = await Promise.all(stage.lanes.map((lane) => runLane(lane, stage.stream === true)));
  console.log(`=== stage ${index + 1}: ${seconds(stageStarted)}`);
  if (results.includes(false)) {
    console.log(`\nnpm test: FAILED after ${seconds(started)}`);
    process.exit(1);
  }
}
console.log(`\nnpm test: passed in ${seconds(started)}`);
