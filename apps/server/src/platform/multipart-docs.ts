/**
 * The OpenAPI schema of a multipart body, from what the server reads: the form's declared fields and its Zod contract.
 * Documentation only (the route reads the parts itself): passed as `schema.multipartBody`, put under `requestBody` by
 * http/docs.ts.
 */
import { z } from 'zod';
import { FILE_FORMATS, MAX_INDEX, type MultipartFormSpec, type TFieldSpec } from './multipart';

export type TJsonSchema = Record<string, unknown>;

/** A multipart body as the OpenAPI document states it. */
export interface MultipartBodySchema {
  type: 'object';
  description?: string;
  properties: Record<string, TJsonSchema>;
  required: string[];
  additionalProperties: false;
}

export interface MultipartBodyOptions {
  /** Fields the server requires beyond the contract's own required values (a file, a type read first). */
  required?: readonly string[];
  /** Said of the whole body (a rule across fields). */
  description?: string;
  /** Per-field notes appended to a field's description (`'banner only'`). */
  notes?: Readonly<Record<string, string>>;
  /** Fields whose values are decided here rather than by the contract (`type` of a banner form). */
  fields?: Readonly<Record<string, TJsonSchema>>;
}

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;

const fileSchema = (name: string, field: Extract<TFieldSpec, { kind: 'file' }>): TJsonSchema => {
  const rules = field.accept
    .map(
      (rule) =>
        `${rule.formats.map((format) => (format === 'binary' ? 'any content' : format)).join(' or ')} up to ${kilobytes(rule.maxBytes)}`,
    )
    .join('; ');
  const mediaTypes = field.accept.flatMap((rule) =>
    rule.formats.map((format) =>
      FILE_FORMATS[format].kind === 'video'
        ? 'video/mp4'
        : format === 'svg'
          ? 'image/svg+xml'
          : format === 'binary'
            ? 'application/octet-stream'
            : `image/${format}`,
    ),
  );
  const one = {
    type: 'string',
    format: 'binary',
    contentMediaType: mediaTypes.length === 1 ? mediaTypes[0] : undefined,
    description: `A file: ${rules}, judged by its content, not its name`,
  };
  const single = Object.fromEntries(Object.entries(one).filter(([, value]) => value !== undefined));
  if (field.indexedKey !== undefined) {
    return {
      type: 'array',
      maxItems: field.maxCount,
      items: single,
      description: `Files sent as \`${name}[i]${field.indexedKey}\` (i from 0): ${rules}; at most ${field.maxCount}`,
    };
  }
  return field.maxCount > 1 ? { type: 'array', maxItems: field.maxCount, items: single } : single;
};

/** The contract's JSON schema of one value (its input side: what a client sends). */
const propertiesOf = (contract: z.ZodType) => {
  const json = z.toJSONSchema(contract, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as TJsonSchema;
  const fromBranches = (json.anyOf ?? json.oneOf) as TJsonSchema[] | undefined;
  const branches = fromBranches ?? [json];
  const properties: Record<string, TJsonSchema> = {};
  const requiredEverywhere = new Set<string>(((branches[0]?.required as string[] | undefined) ?? []).slice());
  for (const branch of branches) {
    Object.assign(properties, (branch.properties as Record<string, TJsonSchema> | undefined) ?? {});
    const required = new Set((branch.required as string[] | undefined) ?? []);
    for (const name of requiredEverywhere) {
      if (!required.has(name)) {
        requiredEverywhere.delete(name);
      }
    }
  }
  return { properties, required: [...requiredEverywhere] };
};

const withoutSchemaKeys = (schema: TJsonSchema | undefined): TJsonSchema => {
  if (!schema) {
    return { type: 'string' };
  }
  const { $schema: _schema, ...rest } = schema;
  return rest;
};

const listOf = (item: TJsonSchema | undefined, maxCount: number | undefined, note: string): TJsonSchema => {
  const items = item?.type === 'array' ? withoutSchemaKeys(item.items as TJsonSchema) : withoutSchemaKeys(item);
  return { type: 'array', items, maxItems: maxCount ?? MAX_INDEX + 1, description: note };
};

/**
 * The body's schema: one property per declared field, typed by the contract (text values arrive as strings and are
 * read as the contract's types), files as binary strings with their formats and sizes, repeated and indexed names as
 * arrays, indexed objects (`schedule[0]day`) as arrays of objects. `required` is what the contract requires plus
 * `options.required`.
 */
export const multipartBodySchema = (
  spec: MultipartFormSpec,
  contract: z.ZodType,
  options: MultipartBodyOptions = {},
): MultipartBodySchema => {
  const { properties: contractProperties, required: contractRequired } = propertiesOf(contract);
  const properties: Record<string, TJsonSchema> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    const fromContract = contractProperties[name];
    let schema: TJsonSchema;
    switch (field.kind) {
      case 'text':
        schema = withoutSchemaKeys(fromContract);
        break;
      case 'repeated':
        schema = listOf(fromContract, field.maxCount, `Repeated \`${name}\` (or \`${name}[i]\`), one value each`);
        break;
      case 'list':
        schema = listOf(fromContract, field.maxCount, `Indexed \`${name}[i]\` (i from 0, dense)`);
        break;
      case 'objects': {
        const item = fromContract?.type === 'array' ? (fromContract.items as TJsonSchema | undefined) : undefined;
        const itemProperties = (item?.properties as Record<string, TJsonSchema> | undefined) ?? {};
        schema = {
          type: 'array',
          maxItems: field.maxCount ?? MAX_INDEX + 1,
          description: `Indexed objects sent as \`${name}[i]key\` or \`${name}[i].key\` (i from 0, dense), keys: ${field.keys.join(', ')}`,
          items: {
            type: 'object',
            properties: Object.fromEntries(field.keys.map((key) => [key, withoutSchemaKeys(itemProperties[key])])),
            ...(Array.isArray(item?.required) ? { required: item.required } : {}),
          },
        };
        break;
      }
      case 'file':
        schema = fileSchema(name, field);
        break;
    }
    const given = options.fields?.[name];
    if (given) {
      schema = given;
    }
    const note = options.notes?.[name];
    if (note) {
      schema = {
        ...schema,
        description: typeof schema.description === 'string' ? `${schema.description}; ${note}` : note,
      };
    }
    properties[name] = schema;
  }
  const declared = new Set(Object.keys(spec.fields));
  const required = [...new Set([...contractRequired, ...(options.required ?? [])])].filter((name) =>
    declared.has(name),
  );
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties,
    required,
    additionalProperties: false,
  };
};
