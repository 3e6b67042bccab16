import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths';

/** Debian's nginx (`nginx-light`, which .ci/run installs). */
export const NGINX = '/usr/sbin/nginx';

export interface Balancer {
  url: string;
  /** What nginx wrote to its error log (for a failed check's message). */
  log: () => string;
  stop: () => void;
}

/**
 * nginx in front of server processes on 127.0.0.1 as docs/deploy.md deploys it: the site's `location /` block and its
 * upgrade `map` are read from deploy/nginx.conf, around a plain-HTTP server on `port` (TLS is the part left out). A
 * process that fails once is left alone for 30 s, so that reconnections go to the live ones. Used by the cluster test
 * and bench:scale.
 */
export const startNginx = (options: { upstreamPorts: number[]; port: number; workDir: string }): Balancer => {
  const site = readFileSync(join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8');
  const location = /\n {4}location \/ \{[\s\S]*?\n {4}\}\n/.exec(site)?.[0];
  const map = /\nmap \$http_upgrade[\s\S]*?\n\}\n/.exec(site)?.[0];
  if (!location || !map) {
    throw new Error('deploy/nginx.conf has no `location /` block or no upgrade map: the balancer is built from both');
  }
  mkdirSync(options.workDir, { recursive: true });
  const temp = (name: string) => `  ${name}_temp_path ${join(options.workDir, name)};`;
  const upstreams = options.upstreamPorts.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=30s;`);
  const config = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'daemon off;',
    `pid ${join(options.workDir, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
    `  upstream zaryad { least_conn; ${upstreams.join(' ')} keepalive 32; }`,
    map,
    `  server { listen 127.0.0.1:${options.port}; ${location} }`,
    '}',
  ].join('\n');
  const file = join(options.workDir, 'nginx.conf');
  writeFileSync(file, config);
  let log = '';
  const child: ChildProcess = spawn(NGINX, ['-c', file, '-p', options.workDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { url: `http://127.0.0.1:${options.port}`, log: () => log, stop: () => child.kill('SIGTERM') };
};
