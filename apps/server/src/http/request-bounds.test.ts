// The rules of issue 31 on every operation of the OpenAPI document, so that a new route is held to them without being
// named: every integer of a request (path, query, JSON, multipart) is bounded by the column it reaches and documented
// so, and a value beyond it answers 400 on its field (never a database error); an unknown value of an enum answers 400
// on its field; every from/to pair refuses a reversed range on its `to` field, except a time of day, whose from after
// to runs across midnight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBanner } from '../test/banner-builders';
import { buildAccount, signIn } from '../test/builders';
import { createTestContext, type TestContext } from '../test/test-app';

interface TSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, TSchema>;
  items?: TSchema;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
}
interface TParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: TSchema;
}
interface TOperation {
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TSchema }> };
}
interface TOperationRef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  operation: TOperation;
}

const INT4_MAX = 2_147_483_647;
const INT4_MIN = -2_147_483_648;

let ctx: TestContext;
let headers: Record<string, string>;
let operations: TOperationRef[];
/** Records whose form reads the stored record before it checks the body (a banner's type decides its fields). */
const existing: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
  existing['/api/v1/ads/banners/{id}/'] = (await buildBanner(ctx.database.db)).id;
  const document = (await ctx.app.inject({ url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, TOperation>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      // Ending the test's own sign-in would turn what follows into 401s.
      .filter(([method]) => !(method !== 'get' && /logout|sessions/.test(path)))
      .map(([method, operation]) => ({ method: method.toUpperCase() as TOperationRef['method'], path, operation })),
  );
});
afterAll(async () => {
  await ctx.close();
});

const typesOf = (schema: TSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
const variantsOf = (schema: TSchema) => [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
const isInteger = (schema: TSchema): boolean =>
  typesOf(schema).includes('integer') || variantsOf(schema).some((variant) => isInteger(variant));
const isIntegerEnum = (schema: TSchema): boolean =>
  Boolean(schema.enum?.length && schema.enum.every((value) => typeof value === 'number')) ||
  variantsOf(schema).some((variant) => isIntegerEnum(variant));

/** Every integer of a schema with where it is, for the document's own bounds. */
const integersOf = (schema: TSchema | undefined, where: string, found: { where: string; schema: TSchema }[] = []) => {
  if (!schema) {
    return found;
  }
  if (typesOf(schema).includes('integer') && !schema.enum) {
    found.push({ where, schema });
  }
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    integersOf(value, `${where}.${key}`, found);
  }
  integersOf(schema.items, `${where}[]`, found);
  for (const variant of variantsOf(schema)) {
    integersOf(variant, where, found);
  }
  return found;
};

const bodySchemas = (operation: TOperation) => Object.entries(operation.requestBody?.content ?? {});

/** The path with every parameter filled with a plausible id (or name), one of them replaced when asked. */
const fillPath = (path: string, replace?: { name: string; value: string }) =>
  path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    replace?.name === name
      ? encodeURIComponent(replace.value)
      : name === 'identity'
        ? 'ZRD-1'
        : String(existing[path] ?? 1),
  );

/** A plausible value of a query parameter, for the required ones beside the one under test. */
const plausible = (parameter: TParameter) => {
  const schema = parameter.schema ?? {};
  const enumValue = [schema, ...variantsOf(schema)].find((variant) => variant.enum?.length)?.enum?.[0];
  if (enumValue !== undefined) {
    return String(enumValue);
  }
  if (schema.format === 'date' || /date|period/.test(parameter.name)) {
    return parameter.name.endsWith('__to') ? '2026-03-31' : '2026-03-01';
  }
  return isInteger(schema) ? '1' : 'x';
};

/** The query string: every required parameter plausible, the ones given as they are. */
const queryOf = (operation: TOperation, given: Record<string, string>) => {
  const values = { ...given };
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && parameter.required && !(parameter.name in values)) {
      values[parameter.name] = plausible(parameter);
    }
  }
  const text = new URLSearchParams(values).toString();
  return text ? `?${text}` : '';
};

const send = (method: TOperationRef['method'], url: string, body?: { type: string; payload: string }) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...headers, 'accept-language': 'en', ...(body ? { 'content-type': body.type } : {}) },
    ...(body ? { payload: body.payload } : {}),
  });

/** True when a 400's body names the field (or one of its entries: `field.0`). */
const names = (body: string, field: string) => {
  const keys = Object.keys(JSON.parse(body) as Record<string, unknown>);
  return keys.some((key) => key === field || key.startsWith(`${field}.`) || key.startsWith(`${field}[`));
};

const OUT_OF_RANGE = ['2147483648', '-2147483649', '9223372036854775808', '99999999999999999999', '1e309'];
const NOT_INTEGERS = ['1.5', 'abc', 'true', '1,5'];

const multipart = (fields: Record<string, string>) => {
  const boundary = 'boundsTestBoundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { type: `multipart/form-data; boundary=${boundary}`, payload: `${parts.join('')}--${boundary}--\r\n` };
};

describe('integers of a request (issue 31)', () => {
  it('are documented with bounds PostgreSQL integer columns hold', () => {
    const unbounded: string[] = [];
    for (const { method, path, operation } of operations) {
      const found = [
        ...(operation.parameters ?? []).flatMap((parameter) =>
          integersOf(parameter.schema, `${method} ${path} ${parameter.in}:${parameter.name}`),
        ),
        ...bodySchemas(operation).flatMap(([type, content]) => integersOf(content.schema, `${method} ${path} ${type}`)),
      ];
      for (const { where, schema } of found) {
        const max = schema.maximum ?? schema.exclusiveMaximum;
        const min = schema.minimum ?? schema.exclusiveMinimum;
        if (max === undefined || max > INT4_MAX || min === undefined || min < INT4_MIN) {
          unbounded.push(`${where}: ${min}..${max}`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('beyond their bounds, or not whole, answer 400 on their field in paths and query strings', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path, operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.schema || !isInteger(parameter.schema) || !['path', 'query'].includes(parameter.in)) {
          continue;
        }
        for (const value of [...OUT_OF_RANGE, ...NOT_INTEGERS]) {
          const url =
            parameter.in === 'path'
              ? `${fillPath(path, { name: parameter.name, value })}${queryOf(operation, {})}`
              : `${fillPath(path)}${queryOf(operation, { [parameter.name]: value })}`;
          const response = await send(
            method,
            url,
            method === 'GET' || method === 'DELETE' ? undefined : { type: 'application/json', payload: '{}' },
          );
          checked += 1;
          if (response.statusCode !== 400 || !names(response.body, parameter.name)) {
            failures.push(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('beyond their bounds answer 400 on their field in JSON and multipart bodies, enums included', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path, operation } of operations) {
      for (const [type, content] of bodySchemas(operation)) {
        for (const [field, schema] of Object.entries(content.schema?.properties ?? {})) {
          const isList = typesOf(schema).includes('array') && schema.items !== undefined;
          const item = isList ? (schema.items as TSchema) : schema;
          if (!isInteger(item) && !isIntegerEnum(item)) {
            continue;
          }
          const values = isIntegerEnum(item) ? ['2', '-1', ...OUT_OF_RANGE] : OUT_OF_RANGE;
          for (const value of values) {
            const body =
              type === 'application/json'
                ? { type, payload: `{${JSON.stringify(field)}:${isList ? `[${value}]` : value}}` }
                : multipart({ [isList ? `${field}[0]` : field]: value });
            if (type !== 'application/json' && !type.startsWith('multipart/')) {
              continue;
            }
            const response = await send(method, fillPath(path), body);
            checked += 1;
            if (response.statusCode !== 400 || !names(response.body, field)) {
              failures.push(
                `${method} ${path} ${type} ${field}=${value}: ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});

describe('enum filters (issue 31)', () => {
  it('answer 400 on their field to an unknown value instead of ignoring it', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path, operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        const schema = parameter.schema;
        if (parameter.in !== 'query' || !schema || !(schema.enum?.length || variantsOf(schema).some((v) => v.enum))) {
          continue;
        }
        const url = `${fillPath(path)}${queryOf(operation, { [parameter.name]: 'unknown-value' })}`;
        const response = await send(method, url);
        checked += 1;
        if (response.statusCode !== 400 || !names(response.body, parameter.name)) {
          failures.push(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});

describe('from/to pairs (issue 31)', () => {
  it('refuse a reversed range on the to field, and take a time of day across midnight', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path, operation } of operations) {
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      for (const from of query.filter((parameter) => parameter.name.endsWith('__from'))) {
        const prefix = from.name.slice(0, -'__from'.length);
        const to = query.find((parameter) => parameter.name === `${prefix}__to`);
        if (!to) {
          continue;
        }
        const isTime = prefix.endsWith('_time');
        const [start, end] = isTime
          ? ['18:00', '09:00']
          : from.schema?.format === 'date' || /date|period/.test(prefix)
            ? ['2026-03-10', '2026-03-01']
            : ['10', '-5'];
        const url = `${fillPath(path)}${queryOf(operation, { [from.name]: start, [to.name]: end })}`;
        const response = await send(method, url);
        checked += 1;
        const expected = isTime
          ? response.statusCode === 200
          : response.statusCode === 400 && names(response.body, to.name);
        if (!expected) {
          failures.push(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});
