/**
 * The one multipart reader of the server (docs/api.md#7-multipart-bodies): a form declares its fields and limits and
 * gets back plain values for its Zod contract, the files it accepted, and translated field errors. A file is judged by
 * its first bytes (and a png's or jpeg's header by its pixel size, image-size.ts), its size checked while it streams.
 *
 *   await registerMultipart(fastify);                     // in the route plugin that takes multipart bodies
 *   const form = await readMultipartForm(request, FORM, { storage });
 *   const body = await validateMultipartForm(form, ZContract);  // 400 with every field's messages, files removed
 *
 * Not multipart: 415; broken: 400 `non_field_errors`; past the parser's limits: 413; none leaves a stored file behind.
 */
// The multipart plugin's request methods (isMultipart, parts) are declared by its types.
import type {} from '@fastify/multipart';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { ApiError, FieldErrors, NON_FIELD_ERRORS, type TMessage } from '../http/api-errors';
import { issuesToFields } from '../http/validation';
import { IMAGE_HEADER_SCAN_BYTES, isImageSizeAllowed, readImageSize } from './image-size';
import type { FileStore } from './storage';

/**
 * File formats recognised by content; `binary` is any content at all (a charge point's firmware), accepted only by a
 * rule that names it, and only when no other rule of the field takes the file.
 */
export type TFileFormat = 'png' | 'jpeg' | 'mp4' | 'svg' | 'binary';

export const FILE_FORMATS: Readonly<Record<TFileFormat, { kind: 'image' | 'video' | 'file'; extension: string }>> = {
  png: { kind: 'image', extension: 'png' },
  jpeg: { kind: 'image', extension: 'jpg' },
  mp4: { kind: 'video', extension: 'mp4' },
  svg: { kind: 'image', extension: 'svg' },
  binary: { kind: 'file', extension: 'bin' },
};

/** Enough bytes to tell the formats apart. */
export const SNIFF_BYTES = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// ISO base media files whose major brand is one an MP4 player accepts.
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
  'MSNV',
  'mmp4',
]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * What a file really is, by its first bytes. An svg is text, so only its opening `<` (after a BOM and blanks) is
 * checked here; whoever keeps an svg must still parse and sanitise it (modules/media/svg-sanitizer.ts).
 */
export const sniffFormat = (head: Buffer): TFileFormat | null => {
  if (head.length >= PNG_SIGNATURE.length && head.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return 'png';
  }
  // JPEG: start-of-image marker followed by the first segment's marker.
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return 'jpeg';
  }
  // MP4: the file opens with an `ftyp` box (4-byte size, then the type, then the major brand).
  if (head.length >= SNIFF_BYTES && head.toString('latin1', 4, 8) === 'ftyp') {
    if (head.readUInt32BE(0) >= 16 && MP4_BRANDS.has(head.toString('latin1', 8, 12))) {
      return 'mp4';
    }
    return null;
  }
  const text = head.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? head.subarray(UTF8_BOM.length) : head;
  const start = text.toString('latin1').trimStart();
  return start.startsWith('<') ? 'svg' : null;
};

/** Formats accepted together under one size limit, with the message of a file over it. */
export interface FileRule {
  formats: readonly TFileFormat[];
  maxBytes: number;
  tooLarge: TMessage;
}

/** How one declared name is read. `maxCount` bounds the values (files, list entries) the name may carry. */
export type TFieldSpec =
  | { kind: 'text' }
  | { kind: 'repeated'; maxCount?: number }
  | { kind: 'list'; maxCount?: number }
  | { kind: 'objects'; keys: readonly string[]; maxCount?: number }
  | {
      kind: 'file';
      /** `content` for `media_files[0]content`; absent for a single file such as `avatar`. */
      indexedKey?: string;
      accept: readonly FileRule[];
      /** The message of a file whose content is none of the accepted formats. */
      invalidType: TMessage;
      maxCount: number;
      /** The message of one file too many (default `invalid`). */
      tooMany?: TMessage;
      /** `storage`: streamed into the reader's FileStore (large files); `memory`: kept as bytes (svg to sanitise). */
      keep: 'storage' | 'memory';
    };

export interface MultipartFormSpec {
  fields: Readonly<Record<string, TFieldSpec>>;
  /** What to do with a text part of no declared name: a 400 on it (default), or nothing. */
  unknownText?: 'refuse' | 'ignore';
  /** Largest text value in bytes (default 4 KB); a longer one is refused, not cut. */
  maxTextBytes?: number;
}

/** Lists are dense, so a huge index must not allocate a huge array. */
export const MAX_INDEX = 99;
const DEFAULT_MAX_COUNT = MAX_INDEX + 1;
const DEFAULT_TEXT_BYTES = 4 * 1024;

export type TUploadedFile = {
  format: TFileFormat;
  kind: 'image' | 'video' | 'file';
  /** The name the client gave the file (its part's filename), as sent. */
  fileName: string;
} & (
  { isStored: true; path: string } | { isStored: false; bytes: Buffer }
);

export interface MultipartForm {
  /** Text values shaped for the contract: repeated and indexed names become lists, dense in index order. */
  values: Record<string, unknown>;
  /** Accepted files by declared name, in the order they came. */
  files: Record<string, TUploadedFile[]>;
  errors: Record<string, TMessage[]>;
  /** Removes every file stored for this request (a refused request leaves nothing behind). */
  discard(): Promise<void>;
}

export type TParsedName =
  | { type: 'text' | 'repeated' | 'file'; name: string }
  | { type: 'list'; name: string; index: number }
  | { type: 'object'; name: string; index: number; key: string }
  | { type: 'unknown' };

const INDEXED_NAME = /^([A-Za-z_]+)\[(\d{1,3})\](?:\.?([A-Za-z0-9_]+))?$/;

/** Reads one multipart name against the declared fields; a name the form does not know is `unknown`. */
export const parseFieldName = (fieldName: string, spec: MultipartFormSpec): TParsedName => {
  const fields = spec.fields;
  const own = Object.hasOwn(fields, fieldName) ? fields[fieldName] : undefined;
  if (own?.kind === 'text' || own?.kind === 'repeated') {
    return { type: own.kind, name: fieldName };
  }
  if (own?.kind === 'file' && own.indexedKey === undefined) {
    return { type: 'file', name: fieldName };
  }
  const match = INDEXED_NAME.exec(fieldName);
  if (!match) {
    return { type: 'unknown' };
  }
  const [, name = '', rawIndex = '', key] = match;
  const index = Number(rawIndex);
  const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (!field || index > MAX_INDEX) {
    return { type: 'unknown' };
  }
  if (key === undefined) {
    // `tags[0]` is read as one more repeated value: some clients index every list.
    if (field.kind === 'repeated') {
      return { type: 'repeated', name };
    }
    return field.kind === 'list' ? { type: 'list', name, index } : { type: 'unknown' };
  }
  if (field.kind === 'file' && field.indexedKey === key) {
    return { type: 'file', name };
  }
  return field.kind === 'objects' && field.keys.includes(key)
    ? { type: 'object', name, index, key }
    : { type: 'unknown' };
};

const countOf = (field: TFieldSpec) => (field.kind === 'text' ? 1 : (field.maxCount ?? DEFAULT_MAX_COUNT));

/**
 * The parser's limits, derived from the declared fields. They are a little above what the fields allow, so that one
 * file or value too many is answered on its field (400) rather than by the parser (413).
 */
export const parserLimits = (spec: MultipartFormSpec) => {
  const fields = Object.values(spec.fields);
  const files = fields.filter((field) => field.kind === 'file');
  const textFields = fields
    .filter((field) => field.kind !== 'file')
    .reduce((total, field) => total + countOf(field) * (field.kind === 'objects' ? field.keys.length : 1), 0);
  const fileCount = files.reduce((total, field) => total + field.maxCount, 0);
  // A file may run one byte past its largest limit: enough to tell it is too large.
  const fileSize = Math.max(0, ...files.flatMap((field) => field.accept.map((rule) => rule.maxBytes))) + 1;
  return {
    fileSize,
    files: fileCount + 6,
    fields: textFields + 20,
    fieldSize: spec.maxTextBytes ?? DEFAULT_TEXT_BYTES,
    parts: fileCount + textFields + 30,
    headerPairs: 100,
  };
};

/**
 * Registers the multipart parser in the calling plugin only, so that JSON routes elsewhere never see one. Limits come
 * per request from the form's spec (readMultipartForm).
 */
export const registerMultipart = async (fastify: FastifyInstance): Promise<void> => {
  await fastify.register(fastifyMultipart, { throwFileSizeLimit: false });
};

/** A multipart file stream: busboy marks it truncated when it hit the parser's file size limit. */
interface UploadStream extends AsyncIterable<Uint8Array> {
  truncated?: boolean;
}

/** The client's body broke off or is not what it declares (busboy: "Boundary not found", "Unexpected end of form"...). */
class MalformedBodyError extends Error {}

/**
 * Reads the client's body. Its failures are the client's and answer 400, except the parser's limits, which carry their
 * own status (413); a failure of the server (a full disk while storing) is not read from here and stays a 500.
 */
const readingBody = <T>(iterable: AsyncIterable<T>): AsyncIterator<T> => {
  const iterator = iterable[Symbol.asyncIterator]();
  return {
    next: async () => {
      try {
        return await iterator.next();
      } catch (error) {
        const hasStatus = typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';
        throw hasStatus ? error : new MalformedBodyError(error instanceof Error ? error.message : String(error));
      }
    },
  };
};

const drain = async (iterator: AsyncIterator<Uint8Array>) => {
  // The rest of the request comes after this file: busboy only moves on once the file stream is read to the end.
  for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
    // discarded
  }
};

type TFileSpec = Extract<TFieldSpec, { kind: 'file' }>;
type TReadFile = { ok: true; file: TUploadedFile } | { ok: false; message: TMessage };

/**
 * Reads one file: judges its format by its first bytes, then streams it into the storage (or memory) while counting,
 * and stops keeping it past its rule's limit. The stream is always read to its end; a refused file leaves nothing.
 */
const readFile = async (
  stream: UploadStream,
  field: TFileSpec,
  storage: FileStore | undefined,
  fileName: string,
): Promise<TReadFile> => {
  const iterator = readingBody(stream);
  const head: Buffer[] = [];
  let headLength = 0;
  let isDone = false;
  /** One more chunk of the file into `head`, unless it has ended. */
  const readChunk = async () => {
    const step = await iterator.next();
    isDone = step.done === true;
    if (!step.done) {
      head.push(Buffer.from(step.value));
      headLength += step.value.length;
    }
  };
  /** The rest of the file read and dropped, with the refusal. */
  const refuse = async (message: TMessage): Promise<TReadFile> => {
    if (!isDone) {
      await drain(iterator);
    }
    return { ok: false, message };
  };
  while (headLength < SNIFF_BYTES && !isDone) {
    await readChunk();
  }
  const sniffed = sniffFormat(Buffer.concat(head));
  const known = sniffed ? field.accept.find((candidate) => candidate.formats.includes(sniffed)) : undefined;
  const anyContent = known ? undefined : field.accept.find((candidate) => candidate.formats.includes('binary'));
  const rule = known ?? anyContent;
  const format = anyContent ? 'binary' : sniffed;
  if (!format || !rule) {
    return refuse(field.invalidType);
  }
  // A raster image's pixel size is read from its header while it arrives, before anything keeps or decodes it.
  if (format === 'png' || format === 'jpeg') {
    let size = readImageSize(format, Buffer.concat(head));
    while (size.status === 'more' && !isDone && headLength < IMAGE_HEADER_SCAN_BYTES) {
      await readChunk();
      size = readImageSize(format, Buffer.concat(head));
    }
    const refusal: TMessage | undefined =
      size.status === 'found'
        ? isImageSizeAllowed(size.width, size.height)
          ? undefined
          : 'image_too_many_pixels'
        : size.status === 'none' || (size.status === 'more' && isDone)
          ? undefined
          : field.invalidType;
    if (refusal) {
      return refuse(refusal);
    }
  }
  const limit = rule.maxBytes;
  let written = 0;
  let isOverLimit = false;
  // Stops keeping bytes past the rule's limit but reads on, so that the request can still be answered.
  async function* limited(): AsyncGenerator<Uint8Array> {
    for (const chunk of head) {
      written += chunk.length;
      if (written > limit) {
        isOverLimit = true;
        if (!isDone) {
          await drain(iterator);
        }
        return;
      }
      yield chunk;
    }
    if (isDone) {
      return;
    }
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
      written += step.value.length;
      if (written > limit) {
        isOverLimit = true;
        await drain(iterator);
        return;
      }
      yield step.value;
    }
  }
  const { kind, extension } = FILE_FORMATS[format];
  if (field.keep === 'memory') {
    const chunks: Uint8Array[] = [];
    for await (const chunk of limited()) {
      chunks.push(chunk);
    }
    if (isOverLimit || stream.truncated) {
      return { ok: false, message: rule.tooLarge };
    }
    return { ok: true, file: { format, kind, fileName, isStored: false, bytes: Buffer.concat(chunks) } };
  }
  if (!storage) {
    throw new Error('readMultipartForm: a file field kept in storage needs the storage option');
  }
  const path = await storage.saveStream(limited(), extension);
  if (isOverLimit || stream.truncated) {
    await storage.deleteFile(path);
    return { ok: false, message: rule.tooLarge };
  }
  return { ok: true, file: { format, kind, fileName, isStored: true, path } };
};

/** Collects text values into the object the contract schemas parse. */
class FormValues {
  private readonly texts = new Map<string, string>();
  private readonly repeated = new Map<string, string[]>();
  private readonly lists = new Map<string, Map<number, string>>();
  private readonly objects = new Map<string, Map<number, Record<string, string>>>();

  /** Answers the error of the value, if any. */
  add(
    parsed: Exclude<TParsedName, { type: 'file' | 'unknown' }>,
    spec: MultipartFormSpec,
    value: string,
  ): TMessage | undefined {
    switch (parsed.type) {
      case 'text': {
        const isRepeated = this.texts.has(parsed.name);
        this.texts.set(parsed.name, value);
        return isRepeated ? 'invalid' : undefined;
      }
      case 'repeated': {
        const values = [...(this.repeated.get(parsed.name) ?? []), value];
        const error = this.overCount(parsed.name, values.length, spec);
        if (!error) {
          this.repeated.set(parsed.name, values);
        }
        return error;
      }
      case 'list': {
        const list = this.lists.get(parsed.name) ?? new Map<number, string>();
        list.set(parsed.index, value);
        this.lists.set(parsed.name, list);
        return this.overCount(parsed.name, list.size, spec);
      }
      case 'object': {
        const list = this.objects.get(parsed.name) ?? new Map<number, Record<string, string>>();
        list.set(parsed.index, { ...list.get(parsed.index), [parsed.key]: value });
        this.objects.set(parsed.name, list);
        return this.overCount(parsed.name, list.size, spec);
      }
    }
  }

  private overCount(name: string, size: number, spec: MultipartFormSpec): TMessage | undefined {
    const field = spec.fields[name];
    const maxCount = field ? countOf(field) : DEFAULT_MAX_COUNT;
    return size > maxCount ? `max_items:${maxCount}` : undefined;
  }

  toObject(): Record<string, unknown> {
    const dense = <T>(entries: Map<number, T>, empty: () => T) => {
      const length = Math.max(...entries.keys()) + 1;
      // A gap stays in the list as an empty entry, so that its errors point at the index the client sent.
      return Array.from({ length }, (_, index) => entries.get(index) ?? empty());
    };
    const result: Record<string, unknown> = Object.fromEntries(this.texts);
    for (const [name, values] of this.repeated) {
      // An empty value is how a browser form says "none": it does not become an id.
      result[name] = values.filter((value) => value !== '');
    }
    for (const [name, entries] of this.lists) {
      result[name] = dense<string | undefined>(entries, () => undefined);
    }
    for (const [name, entries] of this.objects) {
      result[name] = dense<Record<string, string>>(entries, () => ({}));
    }
    return result;
  }
}

export interface ReadMultipartOptions {
  /** Where files declared `keep: 'storage'` go. */
  storage?: FileStore;
}

/**
 * Reads a multipart request against its declared fields. Field errors are collected, not thrown, so that one answer
 * names every bad field; parser errors are thrown (413 over the limits, 400 for a broken body) after the files
 * already stored are removed.
 */
export const readMultipartForm = async (
  request: FastifyRequest,
  spec: MultipartFormSpec,
  options: ReadMultipartOptions = {},
): Promise<MultipartForm> => {
  if (!request.isMultipart()) {
    throw new ApiError(415, 'unsupported_media_type');
  }
  const values = new FormValues();
  const valueErrors: Record<string, TMessage[]> = {};
  const fileErrors: Record<string, TMessage[]> = {};
  const files: Record<string, TUploadedFile[]> = {};
  const stored: string[] = [];
  const discard = async () => {
    await Promise.all(stored.splice(0).map((path) => options.storage?.deleteFile(path)));
  };
  const addError = (errors: Record<string, TMessage[]>, field: string, message: TMessage) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) {
      list.push(message);
    }
  };
  try {
    const parts = readingBody(request.parts({ limits: parserLimits(spec) }));
    for (let step = await parts.next(); !step.done; step = await parts.next()) {
      const part = step.value;
      // A part without a name (no `name` in its Content-Disposition) belongs to no field: the body is malformed.
      if (!part.fieldname) {
        if (part.type === 'file') {
          await drain(readingBody(part.file));
        }
        addError(valueErrors, NON_FIELD_ERRORS, 'malformed_multipart');
        continue;
      }
      const parsed = parseFieldName(part.fieldname, spec);
      const field = parsed.type === 'file' ? spec.fields[parsed.name] : undefined;
      if (part.type === 'file') {
        // A browser sends an empty, nameless file part when no file was chosen: that is "no file", not a bad one.
        if (field?.kind !== 'file' || !part.filename) {
          await drain(readingBody(part.file));
          if (field?.kind !== 'file') {
            addError(fileErrors, part.fieldname, 'unknown_field');
          }
          continue;
        }
        const name = parsed.type === 'file' ? parsed.name : part.fieldname;
        const accepted = (files[name] ??= []);
        if (accepted.length >= field.maxCount) {
          await drain(readingBody(part.file));
          addError(fileErrors, name, field.tooMany ?? 'invalid');
          continue;
        }
        const result = await readFile(part.file, field, options.storage, part.filename);
        if (!result.ok) {
          addError(fileErrors, name, result.message);
          continue;
        }
        if (result.file.isStored) {
          stored.push(result.file.path);
        }
        accepted.push(result.file);
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : '';
      if (field?.kind === 'file' && parsed.type === 'file') {
        // Clients that keep the current file may send the field empty; text in it is not a file.
        if (value !== '') {
          addError(fileErrors, parsed.name, field.invalidType);
        }
        continue;
      }
      if (parsed.type === 'unknown' || parsed.type === 'file') {
        if (spec.unknownText !== 'ignore') {
          addError(valueErrors, part.fieldname, 'unknown_field');
        }
        continue;
      }
      // PostgreSQL text cannot hold NUL; a cut value is not what the client meant.
      if (value.includes('\u0000') || part.valueTruncated) {
        addError(valueErrors, part.fieldname, 'invalid');
        continue;
      }
      const error = values.add(parsed, spec, value);
      if (error) {
        addError(valueErrors, parsed.type === 'text' ? part.fieldname : parsed.name, error);
      }
    }
  } catch (error) {
    await discard();
    if (error instanceof MalformedBodyError) {
      throw new FieldErrors({ [NON_FIELD_ERRORS]: ['malformed_multipart'] });
    }
    throw error;
  }
  // A file's own message wins over a value's on the same name.
  return { values: values.toObject(), files, errors: { ...valueErrors, ...fileErrors }, discard };
};

/**
 * Validates the values with the contract, so that the messages are those of every JSON route, together with the
 * reader's errors and the caller's own (`extra`, e.g. a required file). Any error removes the stored files and
 * answers 400 with every field's messages; the reader's message on a field comes first.
 */
export const validateMultipartForm = async <T extends z.ZodType>(
  form: MultipartForm,
  schema: T,
  extra: Record<string, TMessage[]> = {},
): Promise<z.output<T>> => {
  const errors: Record<string, TMessage[]> = { ...form.errors };
  const parsed = safeParse(schema, form.values, { reportInput: true });
  if (parsed.error) {
    for (const [field, messages] of Object.entries(issuesToFields(parsed.error.issues))) {
      errors[field] ??= messages;
    }
  }
  for (const [field, messages] of Object.entries(extra)) {
    errors[field] ??= messages;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) {
    await form.discard();
    throw new FieldErrors(errors);
  }
  return parsed.data;
};
