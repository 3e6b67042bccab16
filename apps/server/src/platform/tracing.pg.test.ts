import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { freePort } from '../test/free-port';
import { BUILT_SERVER_ARGS, buildServer, spawnServer } from '../test/server-process';
import { createTestDatabase } from '../test/test-database';

// OpenTelemetry traces (docs/design.md, section 6, "Watching it"): the server started as it is deployed, from the build
// and from its sources, with OTEL_EXPORTER_OTLP_ENDPOINT naming a collector this test stands in for (OTLP/HTTP, JSON).
// One API request's span and its SQL statements' spans arrive in one trace, the caller's. PostgreSQL only: the
// embedded database has no driver to instrument.

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: OtlpAttribute[];
}

interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

let collector: Server;
let collectorUrl: string;
let database: DatabaseHandle;
const posts: { contentType: string | undefined; body: OtlpExport }[] = [];
const dataDirs: string[] = [];
const admin = { email: 'tracing@zaryad.test', password: 'Tracing-test-2026' };

beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        posts.push({
          contentType: request.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport,
        });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => collector.listen(port, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${port}`;
  database = await createTestDatabase();
});

afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
  await database.close();
  for (const dataDir of dataDirs) {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const attribute = (attributes: OtlpAttribute[] | undefined, key: string) =>
  attributes?.find((item) => item.key === key)?.value.stringValue;

/** Starts the server with these arguments, signs in once under the given trace, stops it; answers the spans sent. */
const signInTraced = async (args: string[], traceId: string, parentSpanId: string) => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-tracing-'));
  dataDirs.push(dataDir);
  const databaseUrl = (database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  const server = spawnServer({
    args,
    port,
    dataDir,
    env: {
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
    },
  });
  const { child } = server;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        () =>
          fetch(`${base}/readyz`).then(
            (response) => response.ok,
            () => false,
          ),
        { timeout: 90_000 },
      )
      .toBe(true);
    const response = await fetch(`${base}/api/v1/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${parentSpanId}-01` },
      body: JSON.stringify({ ...admin, remember: false }),
    });
    expect(response.status, server.output).toBe(200);
  } finally {
    // SIGTERM sends the spans still buffered before the process exits.
    child.kill('SIGTERM');
  }
  expect(await exited, server.output).toBe(0);
  return posts.flatMap(({ body }) =>
    body.resourceSpans.flatMap((resourceSpans) =>
      resourceSpans.scopeSpans.flatMap(({ spans }) =>
        spans.filter((span) => span.traceId === traceId).map((span) => ({ span, resource: resourceSpans.resource })),
      ),
    ),
  );
};

const expectRequestWithSql = (spans: Awaited<ReturnType<typeof signInTraced>>, parentSpanId: string) => {
  const request = spans.find(
    ({ span }) => attribute(span.attributes, 'http.route') === '/api/v1/accounts/login/' && span.name === 'request',
  );
  expect(request, JSON.stringify(spans.map(({ span }) => span.name))).toBeDefined();
  // The caller's traceparent is the request span's parent.
  expect(request!.span.parentSpanId).toBe(parentSpanId);
  expect(attribute(request!.resource.attributes, 'service.name')).toBe('zaryad-server');
  const byId = new Map(spans.map(({ span }) => [span.spanId, span]));
  const underRequest = (span: OtlpSpan) => {
    for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) {
      if (parent.spanId === request!.span.spanId) {
        return true;
      }
    }
    return false;
  };
  const statements = spans.filter(
    ({ span }) =>
      (attribute(span.attributes, 'db.system.name') ?? attribute(span.attributes, 'db.system')) === 'postgresql',
  );
  expect(statements.length).toBeGreaterThan(0);
  expect(statements.every(({ span }) => underRequest(span))).toBe(true);
  expect(posts.every(({ contentType }) => contentType === 'application/json')).toBe(true);
};

describe('traces sent to OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it("from the production build: a request's span with its SQL statements' spans as children", async () => {
    buildServer();
    const traceId = randomBytes(16).toString('hex');
    const parentSpanId = randomBytes(8).toString('hex');
    expectRequestWithSql(await signInTraced(BUILT_SERVER_ARGS, traceId, parentSpanId), parentSpanId);
  }, 180_000);

  it('from the sources, as `npm run dev` runs them', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentSpanId = randomBytes(8).toString('hex');
    expectRequestWithSql(await signInTraced(['--import', 'tsx', 'src/main.ts'], traceId, parentSpanId), parentSpanId);
  }, 180_000);
});
