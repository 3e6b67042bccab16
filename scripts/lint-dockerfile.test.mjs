// node --test scripts/: the Dockerfile's linter on the repository's Dockerfile and on broken copies of it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { lintDockerfile } from './lint-dockerfile.mjs';

const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');

test("the repository's Dockerfile has no problem", () => {
  assert.deepEqual(lintDockerfile(dockerfile), []);
});

const problemsOf = (content) => lintDockerfile(content).join('\n');

test('an unknown instruction is a problem', () => {
  assert.match(problemsOf(dockerfile.replace('EXPOSE 8080', 'EXPOZE 8080')), /EXPOZE|instruction/i);
});

test('a base image without a pinned tag is a problem', () => {
  assert.match(problemsOf(dockerfile.replace('node:20.20-bookworm-slim', 'node:latest')), /pin a version tag/);
  assert.match(problemsOf(dockerfile.replace('node:20.20-bookworm-slim', 'node')), /pin a version tag/);
});

test('running as root, without a health check or with a shell-form command is a problem', () => {
  assert.match(problemsOf(dockerfile.replace('USER node', 'USER root')), /other than root/);
  assert.match(problemsOf(dockerfile.replace(/HEALTHCHECK[^\n]*\\\n[^\n]*\n/, '')), /HEALTHCHECK/);
  assert.match(problemsOf(dockerfile.replace(/^CMD \[.*\]$/m, 'CMD node dist/main.js')), /exec form/);
});

test('a file the server reads at run time left out of the image is a problem', () => {
  const withoutRoutines = dockerfile.replace(/COPY --from=build \/src\/apps\/server\/src\/db\/routines [^\n]*\n/, '');
  assert.match(problemsOf(withoutRoutines), /apps\/server\/src\/db\/routines/);
});

test('one stage is a problem', () => {
  const oneStage = dockerfile
    .slice(dockerfile.indexOf('FROM ${NODE_IMAGE} AS run'))
    .replace(/COPY --from=build /g, 'COPY ');
  assert.match(problemsOf(`ARG NODE_IMAGE=node:20.20-bookworm-slim\n${oneStage}`), /in stages/);
});
