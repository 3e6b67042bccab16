import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_ROOT } from '../paths';

/** Builds the server as `npm run build -w apps/server` does (dist/main.js), for tests that start the build itself. */
export const buildServer = () => execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'ignore' });

/** `npm start`'s command, less its memory flags. */
export const BUILT_SERVER_ARGS = ['--enable-source-maps', 'dist/main.js'];

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far (its log). */
  output: string;
}

/**
 * A server process as production starts one (NODE_ENV production, on 127.0.0.1:`port`, its own `dataDir`, no built
 * web app, LOG_LEVEL warn unless `env` says otherwise): the build by default, or `args` (the sources through tsx).
 */
export const spawnServer = (options: {
  port: number;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  args?: string[];
}): ServerProcess => {
  const child = spawn(process.execPath, options.args ?? BUILT_SERVER_ARGS, {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      WEB_DIST_DIR: join(options.dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = { child, output: '' };
  child.stdout?.on('data', (chunk: Buffer) => (server.output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (server.output += chunk.toString()));
  return server;
};
