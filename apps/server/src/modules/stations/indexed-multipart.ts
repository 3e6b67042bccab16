// The multipart plugin's request methods (isMultipart, parts) are declared by its types.
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError, type TMessage } from '../../http/api-errors';

/**
 * Which names a multipart form accepts, in the indexed style of the station form (SPEC.md section 7):
 * `name_ru` (scalar), `tags` repeated, `deleted_media_ids[0]` (indexed scalar), `schedule[0]day` (indexed object),
 * and files `avatar` (single) or `media_files[0]content` (indexed).
 */
export interface IndexedFormShape {
  scalars: ReadonlySet<string>;
  repeated: ReadonlySet<string>;
  indexedScalars: ReadonlySet<string>;
  indexedObjects: Readonly<Record<string, ReadonlySet<string>>>;
  singleFiles: ReadonlySet<string>;
  /** List name to the key its file travels under (`media_files` -> `content`). */
  indexedFiles: Readonly<Record<string, string>>;
}

/** The largest index accepted: lists are dense, so a huge index must not allocate a huge array. */
export const MAX_INDEX = 99;

const INDEXED_NAME = /^([A-Za-z_]+)\[(\d{1,3})\](?:\.?([A-Za-z0-9_]+))?$/;

export type TParsedName =
  | { type: 'scalar' | 'repeated' | 'singleFile'; name: string }
  | { type: 'indexedScalar'; name: string; index: number }
  | { type: 'indexedObject'; name: string; index: number; key: string }
  | { type: 'indexedFile'; name: string; index: number }
  | { type: 'unknown' };

/** Reads one multipart name against the shape; a name the form does not know is `unknown`. */
export const parseFieldName = (fieldName: string, shape: IndexedFormShape): TParsedName => {
  if (shape.scalars.has(fieldName)) {
    return { type: 'scalar', name: fieldName };
  }
  if (shape.repeated.has(fieldName)) {
    return { type: 'repeated', name: fieldName };
  }
  if (shape.singleFiles.has(fieldName)) {
    return { type: 'singleFile', name: fieldName };
  }
  const match = INDEXED_NAME.exec(fieldName);
  if (!match) {
    return { type: 'unknown' };
  }
  const [, name = '', rawIndex = '', key] = match;
  const index = Number(rawIndex);
  if (index > MAX_INDEX) {
    return { type: 'unknown' };
  }
  if (key === undefined) {
    // `tags[0]` is read as one more repeated value: some clients index every list.
    if (shape.repeated.has(name)) {
      return { type: 'repeated', name };
    }
    return shape.indexedScalars.has(name) ? { type: 'indexedScalar', name, index } : { type: 'unknown' };
  }
  if (shape.indexedFiles[name] === key) {
    return { type: 'indexedFile', name, index };
  }
  const keys = shape.indexedObjects[name];
  return keys?.has(key) ? { type: 'indexedObject', name, index, key } : { type: 'unknown' };
};

/** Collects text values into the object the contract schemas parse: lists dense in index order. */
export class IndexedFormValues {
  private readonly scalars = new Map<string, string>();
  private readonly repeated = new Map<string, string[]>();
  private readonly indexedScalars = new Map<string, Map<number, string>>();
  private readonly indexedObjects = new Map<string, Map<number, Record<string, string>>>();
  readonly errors: Record<string, TMessage[]> = {};

  add(parsed: TParsedName, fieldName: string, value: string) {
    switch (parsed.type) {
      case 'scalar':
        if (this.scalars.has(parsed.name)) {
          this.errors[fieldName] = ['invalid'];
        }
        this.scalars.set(parsed.name, value);
        return;
      case 'repeated':
        this.repeated.set(parsed.name, [...(this.repeated.get(parsed.name) ?? []), value]);
        return;
      case 'indexedScalar': {
        const list = this.indexedScalars.get(parsed.name) ?? new Map<number, string>();
        list.set(parsed.index, value);
        this.indexedScalars.set(parsed.name, list);
        return;
      }
      case 'indexedObject': {
        const list = this.indexedObjects.get(parsed.name) ?? new Map<number, Record<string, string>>();
        list.set(parsed.index, { ...list.get(parsed.index), [parsed.key]: value });
        this.indexedObjects.set(parsed.name, list);
        return;
      }
      default:
        this.errors[fieldName] = ['unknown_field'];
    }
  }

  /** Which names were sent at all: an edit applies only these. */
  toObject(): Record<string, unknown> {
    const dense = <T>(entries: Map<number, T>, empty: () => T) => {
      const length = Math.max(...entries.keys()) + 1;
      // A gap stays in the list as an empty entry, so that its errors point at the index the client sent.
      return Array.from({ length }, (_, index) => entries.get(index) ?? empty());
    };
    const result: Record<string, unknown> = Object.fromEntries(this.scalars);
    for (const [name, values] of this.repeated) {
      // An empty value is how a browser form says "none": it does not become an id.
      result[name] = values.filter((value) => value !== '');
    }
    for (const [name, entries] of this.indexedScalars) {
      result[name] = dense<string | undefined>(entries, () => undefined);
    }
    for (const [name, entries] of this.indexedObjects) {
      result[name] = dense<Record<string, string>>(entries, () => ({}));
    }
    return result;
  }
}

/** The request's multipart parts; a request that is not multipart is a 415. */
export const multipartParts = (request: FastifyRequest) => {
  if (!request.isMultipart()) {
    throw new ApiError(415, 'unsupported_media_type');
  }
  return request.parts();
};
