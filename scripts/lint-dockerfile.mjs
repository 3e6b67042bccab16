// `npm run lint:docker`: the Dockerfile checked without a container runtime (none runs on the CI machine; issue 36 item 6).
// dockerfile-utils validates the syntax and instructions (the checks an editor's Docker support makes); the house rules
// below hold what the image promises: several stages, a pinned base image, a non-root user, a health check, a command in
// exec form, and every file the server's build reads at run time (its `serverPath(...)` calls) copied into the image.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from 'dockerfile-utils';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Lines of the Dockerfile as instructions: continuation lines joined, comments and blank lines left out. */
const instructionsOf = (content) => {
  const joined = content.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
};

/** The server's run-time paths: the string given to each `serverPath(...)` outside tests, the sources' own `.ts` excepted. */
const runtimePaths = () => {
  const paths = new Set();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
      } else if (name.endsWith('.ts') && !name.includes('.test.')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/serverPath\('([^']+)'\)/g)) {
          if (!match[1].endsWith('.ts')) {
            paths.add(match[1].replace(/\/$/, ''));
          }
        }
      }
    }
  };
  walk(join(ROOT, 'apps/server/src'));
  return [...paths];
};

/** Problems of the Dockerfile's text, as `line: message` strings; none means it passes. */
export const lintDockerfile = (content) => {
  const problems = validate(content).map((diagnostic) => `${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
  const instructions = instructionsOf(content);
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      stages.push({ from: instruction.args, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  if (stages.length < 2) {
    problems.push('the image is built in stages: one to build, one to run');
  }
  const args = new Map(
    instructions
      .filter((instruction) => instruction.keyword === 'ARG' && instruction.args.includes('='))
      .map((instruction) => instruction.args.split('=')),
  );
  for (const stage of stages) {
    const image = stage.from.split(/\s+/)[0].replace(/^\$\{(\w+)\}$/, (_all, name) => args.get(name) ?? '');
    if (!/^[\w./-]+:[\w.-]+$/.test(image) || image.endsWith(':latest')) {
      problems.push(`base image "${stage.from}": pin a version tag`);
    }
  }
  const run = stages.at(-1);
  if (run) {
    const users = run.instructions.filter((instruction) => instruction.keyword === 'USER');
    const user = users.at(-1)?.args;
    if (!user || user === 'root' || user === '0') {
      problems.push('the image runs as a user other than root (USER in the last stage)');
    }
    if (!run.instructions.some((instruction) => instruction.keyword === 'HEALTHCHECK')) {
      problems.push('the last stage has a HEALTHCHECK');
    }
    const command = run.instructions.filter((instruction) => instruction.keyword === 'CMD').at(-1);
    if (!command?.args.startsWith('[')) {
      problems.push('CMD in exec form (["node", ...]), so that the server receives SIGTERM itself');
    }
    // What the run stage takes from the build stage (its other COPYs are the package files npm installs from).
    const copied = run.instructions
      .filter((instruction) => instruction.keyword === 'COPY' && instruction.args.startsWith('--from='))
      .map((instruction) => instruction.args.split(/\s+/).at(-1).replace(/\/$/, ''));
    for (const path of runtimePaths()) {
      const target = `apps/server/${path}`;
      if (!copied.some((destination) => target === destination || target.startsWith(`${destination}/`))) {
        problems.push(`the server reads ${target} at run time (serverPath('${path}')), but the image does not copy it`);
      }
    }
  }
  return problems;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = join(ROOT, 'Dockerfile');
  const problems = lintDockerfile(readFileSync(file, 'utf8'));
  for (const problem of problems) {
    console.error(`${relative(process.cwd(), file)}:${problem}`);
  }
  console.log(problems.length === 0 ? 'Dockerfile: no problems' : `Dockerfile: ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
