// npm run fuzz: the real server on a fresh embedded database (bench-harness.ts), its OpenAPI documents read from
// /api/v1/openapi.json (the dashboard's, with an account's token) and /api/app/v1/openapi.json (the drivers', with a
// driver's), and malformed requests sent to every operation: wrong types, huge strings, bad unicode, nulls,
// arrays for objects, broken JSON and multipart, path tricks, duplicate keys; integer boundaries (0, -1, 2^31 - 1, 2^31,
// 2^63, 1e309, '1.5'...) aimed at every integer of a path, query or body, and reversed from/to pairs of every operation
// that has them (issue 31). Answers are counted by status; any 5xx (or a dropped connection) makes the run exit 1 with
// the requests that caused it.
//   FUZZ_REQUESTS=5000 (default; `npm test` runs this bounded run), FUZZ_SEED=<n> to repeat a run,
//   FUZZ_CONCURRENCY=8. The long run: FUZZ_REQUESTS=200000 npm run fuzz (about 15 minutes on two cores).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFreedomPayStandIn } from '@zaryad/server/freedompay-stand-in';
import { freePort, signIn, signInDriver, startServer } from './bench-harness';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 5000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

/** A small seeded generator (mulberry32), so that a failing run can be repeated with FUZZ_SEED. */
const createRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
const random = createRandom(SEED);
/** Requests aimed at an integer's boundary, and with a reversed from/to pair (counted for the summary). */
let boundaryRequests = 0;
let rangeRequests = 0;
const pickOne = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  jsonBody?: JsonSchema;
  isMultipart: boolean;
  isPublic: boolean;
  /** Whose token the operation takes: a dashboard account's or a driver's. */
  api: 'dashboard' | 'app';
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        security?: unknown[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const readOperations = (document: OpenApiDocument, api: Operation['api']): Operation[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const content = operation.requestBody?.content ?? {};
        return {
          method: method.toUpperCase(),
          path,
          parameters: operation.parameters ?? [],
          jsonBody: content['application/json']?.schema,
          isMultipart:
            Boolean(content['multipart/form-data']) || path.includes('stations') || path.includes('surroundings'),
          isPublic: Array.isArray(operation.security) && operation.security.length === 0,
          api,
        };
      }),
  );

// Hostile values: every one must be refused (4xx) or accepted (2xx), never break the server.
const HUGE = 'я'.repeat(300_000);
const LONE_SURROGATES = ['\ud800', 'a\udc00b', '\udfff\ud800', 'x'.repeat(10) + '\ud83d'];
const STRINGS = [
  '',
  ' ',
  'x'.repeat(5000),
  '\u0000',
  'a\u0000b',
  '\u202e\u200b\ufeff',
  '😀'.repeat(50),
  "' OR 1=1 --",
  '%s%n%x',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil.example")',
  '1e309',
  '-0',
  'NaN',
  '2026-02-30',
  '99999-12-31T25:61:61Z',
  ...LONE_SURROGATES,
];
const NUMBERS = [0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE];

/**
 * Integer boundaries (issue 31): the edges of PostgreSQL's smallint, integer and bigint, beyond JavaScript's safe
 * integers and beyond a double (`1e309` parses as Infinity), and texts that are no integer. A JSON body carries the
 * numeric ones as written (RAW_NUMBER marks them), a query, path or multipart field as text.
 */
const INTEGER_BOUNDARIES = [
  '0',
  '-1',
  '1',
  '32767',
  '32768',
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999999',
  '1e309',
  '-1e309',
  '1e3',
  '1.5',
  '2147483648.0',
  '-0',
  '0x10',
  ' 1',
  '',
  'true',
];
const RAW_NUMBER = '\u0000raw:';
/** A boundary as a JSON value: a number written as is when it is one, else the text. */
const boundaryJson = (text: string): unknown => (/^-?\d+(\.\d+)?(e\d+)?$/.test(text) ? `${RAW_NUMBER}${text}` : text);
const OTHERS: unknown[] = [null, true, false, [], [null], {}, { a: { b: { c: [] } } }, [[[[[]]]]]];

const hostileValue = (): unknown => {
  const roll = random();
  if (roll < 0.45) {
    return pickOne(STRINGS);
  }
  if (roll < 0.6) {
    return pickOne(NUMBERS);
  }
  if (roll < 0.63) {
    return HUGE;
  }
  return pickOne(OTHERS);
};

/** A plausible value for a schema, so that one broken field is judged with the others well-formed. */
const plausibleValue = (schema: JsonSchema | undefined, depth = 0): unknown => {
  if (!schema || depth > 4) {
    return 'x';
  }
  if (schema.enum?.length) {
    return pickOne(schema.enum);
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    return plausibleValue(pickOne(variants), depth + 1);
  }
  const type = Array.isArray(schema.type) ? pickOne(schema.type) : schema.type;
  switch (type) {
    case 'integer':
      return 1 + Math.floor(random() * 3);
    case 'number':
      return 1.5;
    case 'boolean':
      return random() < 0.5;
    case 'array':
      return [plausibleValue(schema.items, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausibleValue(value, depth + 1)]),
      );
    case 'null':
      return null;
    default:
      return 'Станция 1';
  }
};

/** JSON text with the boundaries' raw numbers written as numbers (`2147483648`, `1e309`), not as JSON.stringify would. */
const escapeJson = (value: unknown) =>
  JSON.stringify(value).replace(/"\\u0000raw:([^"]*)"/g, (_match, text: string) => text);

const isIntegerSchema = (schema: JsonSchema | undefined): boolean =>
  Boolean(
    schema &&
    ((Array.isArray(schema.type) ? schema.type : [schema.type]).includes('integer') ||
      (schema.enum?.length && schema.enum.every((value) => typeof value === 'number')) ||
      (schema.anyOf ?? schema.oneOf ?? []).some((variant) => isIntegerSchema(variant))),
  );

/** The body's integer fields (lists of integers too), where the boundaries are aimed. */
const integerFields = (schema: JsonSchema | undefined) =>
  Object.entries(schema?.properties ?? {})
    .filter(([, value]) => isIntegerSchema(value) || isIntegerSchema(value.items))
    .map(([key, value]) => ({ key, isList: !isIntegerSchema(value) }));

/** A body's from/to pairs: dates or date-times, sent reversed. */
const BODY_PAIRS: [string, string][] = [
  ['start_date', 'end_date'],
  ['valid_from', 'valid_until'],
  ['happy_hours_start', 'happy_hours_end'],
];

/** A JSON body: plausible, with one or more fields made hostile, or a whole body that is not what the route takes. */
const hostileJsonBody = (schema: JsonSchema | undefined): string => {
  const roll = random();
  if (roll < 0.15) {
    return pickOne([
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '"text"',
      '12',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '['.repeat(5000) + ']'.repeat(5000),
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '\ufeff{}',
      '{"a":1}garbage',
    ]);
  }
  const body = plausibleValue(schema) as Record<string, unknown> | unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return escapeJson(hostileValue());
  }
  const record = body as Record<string, unknown>;
  const keys = Object.keys(record);
  if (roll < 0.25 && keys.length > 0) {
    // Duplicate keys: the last one wins in JSON.parse; both must be judged safely.
    const key = pickOne(keys);
    const text = escapeJson(record);
    return `${text.slice(0, -1)}${keys.length ? ',' : ''}${escapeJson(key)}:${escapeJson(hostileValue())}}`;
  }
  if (roll < 0.35) {
    return escapeJson([record]);
  }
  const integers = integerFields(schema);
  if (roll < 0.55 && integers.length > 0) {
    // An integer field at a boundary, the others plausible.
    const { key, isList } = pickOne(integers);
    const value = boundaryJson(pickOne(INTEGER_BOUNDARIES));
    record[key] = isList ? [value] : value;
    boundaryRequests += 1;
    return escapeJson(record);
  }
  const pairs = BODY_PAIRS.filter(([from, to]) => from in record && to in record);
  if (roll < 0.65 && pairs.length > 0) {
    // A reversed period (the end before the start), or one of no length.
    const [from, to] = pickOne(pairs);
    const [start, end] = from.startsWith('happy')
      ? pickOne([
          ['18:00', '09:00'],
          ['09:00', '09:00'],
        ])
      : pickOne([
          ['2026-03-10T09:00:00+06:00', '2026-03-01T09:00:00+06:00'],
          ['2026-03-10T09:00:00+06:00', '2026-03-10T09:00:00+06:00'],
          ['2026-03-10', '2026-03-01'],
        ]);
    record[from] = start;
    record[to] = end;
    rangeRequests += 1;
    return escapeJson(record);
  }
  const changes = 1 + Math.floor(random() * 3);
  for (let change = 0; change < changes; change += 1) {
    const key = keys.length > 0 && random() < 0.85 ? pickOne(keys) : pickOne(['unknown', 'id', '__proto__', '']);
    record[key] = hostileValue();
  }
  return escapeJson(record);
};

const PATH_VALUES = [
  '1',
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '9223372036854775808',
  '1e309',
  '99999999999999999999',
  'abc',
  '%00',
  '%ED%A0%80',
  '%F0%9F',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '%2e%2e',
  'a'.repeat(250),
  '1%20OR%201=1',
  '%E2%80%AE',
  'null',
  'countries',
  'settlements',
];

// The fuzzer's own account (the first, id 1) keeps its password: a fuzzed change of it would sign the fuzzer out.
const fillPath = (path: string) =>
  path.replace(/\{[^}]+\}/g, () => {
    const value = pickOne(PATH_VALUES);
    return value === '1' && path.startsWith('/api/v1/accounts/') ? '2' : value;
  });

const queryValue = () =>
  pickOne([
    '',
    'x',
    '-1',
    '0',
    '2147483647',
    '2147483648',
    '-2147483649',
    '9223372036854775808',
    '1.5',
    '1e400',
    '99999999999999999999',
    'true',
    'null',
    '%00',
    '%ED%A0%80',
    '%FF',
    'a'.repeat(4000),
    '2026-13-45',
    encodeURIComponent('\u202e'),
    'csv',
    'xlsx',
    'pdf',
  ]);

/** A reversed pair of `x__from`/`x__to`: days, amounts, or a time of day (which runs across midnight, not refused). */
const reversedPair = (from: Parameter): [string, string] => {
  if (from.name.includes('_time__')) {
    return pickOne([
      ['18:00', '09:00'],
      ['23:59:59', '00:00'],
      ['09:00', '09:00'],
    ]);
  }
  if (from.schema?.format === 'date' || /date|period/.test(from.name)) {
    return pickOne([
      ['2026-03-10', '2026-03-01'],
      ['2026-03-01', '2026-03-01'],
      ['9999-12-31', '0001-01-01'],
    ]);
  }
  return pickOne([
    ['10', '-5'],
    ['99999999999999999999', '-99999999999999999999'],
    ['0.01', '0'],
  ]);
};

const hostileQuery = (operation: Operation) => {
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  const names = query.map((parameter) => parameter.name);
  const pairs: string[] = [];
  const roll = random();
  const integers = query.filter((parameter) => isIntegerSchema(parameter.schema));
  if (roll < 0.25 && integers.length > 0) {
    // An integer parameter at a boundary.
    boundaryRequests += 1;
    pairs.push(`${encodeURIComponent(pickOne(integers).name)}=${encodeURIComponent(pickOne(INTEGER_BOUNDARIES))}`);
  }
  const ranges = query.filter(
    (parameter) => parameter.name.endsWith('__from') && names.includes(parameter.name.replace(/__from$/, '__to')),
  );
  if (roll >= 0.25 && roll < 0.45 && ranges.length > 0) {
    // A from/to pair reversed (or equal).
    const from = pickOne(ranges);
    const [start, end] = reversedPair(from);
    rangeRequests += 1;
    pairs.push(
      `${from.name}=${encodeURIComponent(start)}`,
      `${from.name.replace(/__from$/, '__to')}=${encodeURIComponent(end)}`,
    );
  }
  const count = Math.floor(random() * 4);
  for (let index = 0; index < count; index += 1) {
    const name =
      names.length > 0 && random() < 0.8 ? pickOne(names) : pickOne(['page', 'size', 'x', 'a[b]', 'a[]', '__proto__']);
    pairs.push(`${encodeURIComponent(name)}=${queryValue()}`);
    if (random() < 0.2) {
      // The same name twice: a list where one value is expected.
      pairs.push(`${encodeURIComponent(name)}=${queryValue()}`);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
};

/** A multipart body: broken framing, or a well-framed one with hostile field names and values. */
const hostileMultipart = (): { contentType: string; body: string | Buffer } => {
  const boundary = `fuzz${Math.floor(random() * 1e9)}`;
  const roll = random();
  if (roll < 0.4) {
    return pickOne([
      { contentType: 'multipart/form-data', body: 'x' },
      { contentType: 'multipart/form-data; boundary=', body: 'x' },
      { contentType: `multipart/form-data; boundary=${boundary}`, body: `--other\r\n\r\nx` },
      {
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nStation`,
      },
      { contentType: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\n\r\n--${boundary}--` },
      { contentType: `multipart/form-data; boundary=${boundary}`, body: '' },
      { contentType: `multipart/form-data; boundary=${'b'.repeat(100)}`, body: 'x' },
      { contentType: 'multipart/mixed; boundary=x', body: '--x\r\n\r\n--x--' },
    ]);
  }
  const names = [
    'name',
    'status',
    'merchant',
    'stations',
    'min_charges_count',
    'discount_percent',
    'connectors[0]evse_id',
    'connectors[0]position',
    'name_ru',
    'title_ru',
    'tags',
    'tags[0]',
    'schedule[0]day',
    'schedule[999]day',
    'connectors[0]power_kWh',
    'media_files[0]content',
    'avatar',
    'icon',
    'deleted_media_ids[0]',
    '__proto__',
    'a'.repeat(300),
    '\ud800',
  ];
  const parts: string[] = [];
  const count = 1 + Math.floor(random() * 5);
  for (let index = 0; index < count; index += 1) {
    const name = pickOne(names);
    const isFile = random() < 0.3;
    const disposition = isFile
      ? `form-data; name="${name}"; filename="${pickOne(['a.png', '../../x.png', 'a.svg', ''])}"`
      : `form-data; name="${name}"`;
    const value = isFile
      ? pickOne(['\x89PNG\r\n\x1a\n\0\0\0\rIHDR', '<svg onload="x"/>', '\xff\xd8\xff', 'plain'])
      : String(pickOne([...STRINGS.slice(0, 12), 'x'.repeat(10_000), ...INTEGER_BOUNDARIES]));
    parts.push(
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${isFile ? 'Content-Type: image/png\r\n' : ''}\r\n${value}\r\n`,
    );
  }
  const body = `${parts.join('')}--${boundary}--\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: random() < 0.2 ? body.slice(0, body.length / 2) : body,
  };
};

interface Outcome {
  status: number;
  request: string;
}

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-fuzz-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Sign-in and recovery limits are tested on their own; here they would only turn the fuzzer's requests into 429s.
  process.env.LOGIN_LIMIT_PER_CLIENT ??= '1000000';
  process.env.LOGIN_LIMIT_PER_ADDRESS_CLIENT ??= '1000000';
  process.env.LOGIN_SLOWDOWN_AFTER ??= '1000000';
  process.env.RESET_LIMIT_PER_ADDRESS ??= '1000000';
  process.env.RESET_LIMIT_PER_CLIENT ??= '1000000';
  process.env.OTP_LIMIT_PER_NUMBER ??= '1000000';
  process.env.OTP_LIMIT_PER_CLIENT ??= '1000000';
  // The geocoder the server proxies is a local stand-in: no network is needed, and an unreachable one would answer 502.
  const geocoder = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(request.url?.startsWith('/reverse') ? '{"display_name":"Бишкек"}' : '[]');
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const geocoderAddress = geocoder.address();
  process.env.GEOCODER_URL = `http://127.0.0.1:${typeof geocoderAddress === 'object' && geocoderAddress ? geocoderAddress.port : 0}`;
  // Card payments through the FreedomPay stand-in: the payment calls reach a provider that answers as the real one does.
  const freedomPay = await startFreedomPayStandIn({ merchantId: '552', secretKey: 'fuzz-secret' });
  process.env.FREEDOMPAY_MERCHANT_ID = '552';
  process.env.FREEDOMPAY_SECRET_KEY = 'fuzz-secret';
  process.env.FREEDOMPAY_URL = freedomPay.url;
  const server = await startServer({ port, dataDir, databaseUrl: '' });
  const started = Date.now();
  const statuses = new Map<number, number>();
  const failures: Outcome[] = [];
  try {
    let authorization = await signIn(baseUrl);
    let driverAuthorization = await signInDriver(baseUrl, authorization);
    const read = async (path: string) => (await (await fetch(`${baseUrl}${path}`)).json()) as OpenApiDocument;
    const operations = [
      ...readOperations(await read('/api/v1/openapi.json'), 'dashboard'),
      ...readOperations(await read('/api/app/v1/openapi.json'), 'app'),
    ];
    console.log(`fuzz: ${operations.length} operations, ${TOTAL} requests, seed ${SEED}, concurrency ${CONCURRENCY}`);
    let sent = 0;
    let renewing: Promise<void> | undefined;

    const sendOne = async (index: number) => {
      const operation = operations[index % operations.length] as Operation;
      // Sessions are not fuzzed away: ending the fuzzer's own sign-in (or deleting its driver) would turn the rest into 401s.
      if (
        (/logout|sessions/.test(operation.path) && operation.method !== 'GET') ||
        (operation.api === 'app' && operation.method === 'DELETE' && operation.path.endsWith('/me/'))
      ) {
        return;
      }
      const own = operation.api === 'app' ? driverAuthorization : authorization;
      const url = `${fillPath(operation.path)}${hostileQuery(operation)}`;
      const headers: Record<string, string> = { 'accept-language': pickOne(['ru', 'en', 'ky', 'xx', '*;q=x']) };
      if (!operation.isPublic || random() < 0.3) {
        // Now and then the other API's token: each must refuse it.
        headers.authorization =
          random() < 0.03
            ? pickOne([
                'Bearer x.y.z',
                'Bearer',
                'Basic YTpi',
                operation.api === 'app' ? authorization : driverAuthorization,
              ])
            : own;
      }
      let body: string | Buffer | undefined;
      if (operation.method !== 'GET' && operation.method !== 'DELETE') {
        if (operation.isMultipart && random() < 0.7) {
          const multipart = hostileMultipart();
          headers['content-type'] = multipart.contentType;
          body = multipart.body;
        } else {
          headers['content-type'] = pickOne([
            'application/json',
            'application/json',
            'application/json; charset=latin1',
            'text/plain',
          ]);
          body = hostileJsonBody(operation.jsonBody);
        }
      }
      const request = `${operation.method} ${url.slice(0, 300)} ${headers['content-type'] ?? ''} ${body === undefined ? '' : String(body).slice(0, 200)}`;
      let status: number;
      try {
        const response = await fetch(`${baseUrl}${url}`, { method: operation.method, headers, body });
        await response.arrayBuffer();
        status = response.status;
      } catch (error) {
        // A malformed URL the client itself refuses is no answer of the server's; a dropped connection is a failure.
        if (
          error instanceof TypeError &&
          /Invalid URL|invalid/i.test(String(error.cause ?? error.message)) &&
          !/fetch failed/.test(error.message)
        ) {
          return;
        }
        status = 599;
      }
      sent += 1;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) {
        failures.push({ status, request });
      }
      if (status === 401 && headers.authorization === driverAuthorization) {
        driverAuthorization = await signInDriver(baseUrl, authorization).catch(() => driverAuthorization);
      } else if (status === 401 && headers.authorization === authorization) {
        // A fuzzed change may have ended the session (a password, a role): sign in again, once for all workers.
        renewing ??= signIn(baseUrl)
          .then((fresh) => {
            authorization = fresh;
          })
          .catch(() => undefined)
          .finally(() => {
            renewing = undefined;
          });
        await renewing;
      }
    };

    let next = 0;
    const worker = async () => {
      while (next < TOTAL) {
        const index = next;
        next += 1;
        await sendOne(index);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(`fuzz: ${sent} requests in ${seconds} s; ${summary}`);
    console.log(`fuzz: ${boundaryRequests} aimed at integer boundaries, ${rangeRequests} with reversed from/to pairs`);
    if (failures.length > 0) {
      console.error(`fuzz: ${failures.length} answers of 5xx (seed ${SEED}):`);
      for (const failure of failures.slice(0, 20)) {
        console.error(`  ${failure.status} ${failure.request}`);
      }
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    geocoder.close();
    await freedomPay.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
