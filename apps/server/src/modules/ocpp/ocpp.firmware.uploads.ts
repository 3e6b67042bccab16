/**
 * Reading the bodies of firmware and diagnostics uploads (docs/product/ocpp.md#5-validation): staff's firmware form
 * through the platform's multipart reader, a charge point's diagnostics as a raw PUT body or the first file of a
 * multipart POST. Sizes are checked while the bytes arrive; a file over its limit answers 413 and leaves nothing.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ZFirmwareUploadFields } from '@zaryad/contracts/ocpp-firmware';
import { ApiError, FieldErrors, NON_FIELD_ERRORS, type TMessage } from '../../http/api-errors';
import { type MultipartFormSpec, readMultipartForm, validateMultipartForm } from '../../platform/multipart';
import type { PrivateFileStorage } from '../../platform/storage';
import { MEGABYTE } from './ocpp.firmware.config';

export const FIRMWARE_FILE_FIELD = 'file';

/** What a multipart body may carry besides its file: headers and boundaries, a version field. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** A stored name: the client's name cut to letters, digits, dot, dash and underscore (it ends a charge point's URL). */
export const safeFileName = (name: string | undefined, fallback: string) => {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const safe = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return safe === '' ? fallback : safe;
};

export const firmwareTooLarge = (maxBytes: number): TMessage => `firmware_too_large:${Math.floor(maxBytes / MEGABYTE)}`;
export const diagnosticsTooLarge = (maxBytes: number): TMessage =>
  `diagnostics_too_large:${Math.floor(maxBytes / MEGABYTE)}`;

/** A declared Content-Length past the limit is refused before a byte is read (the client may stop sending). */
const refuseDeclaredLength = (request: FastifyRequest, maxBytes: number, message: TMessage) => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new ApiError(413, message, { connection: 'close' });
  }
};

export const firmwareForm = (maxBytes: number): MultipartFormSpec => ({
  fields: {
    version: { kind: 'text' },
    [FIRMWARE_FILE_FIELD]: {
      kind: 'file',
      // Firmware is any content: vendors ship archives, images and their own formats.
      accept: [{ formats: ['binary'], maxBytes, tooLarge: firmwareTooLarge(maxBytes) }],
      invalidType: 'invalid',
      maxCount: 1,
      keep: 'storage',
    },
  },
});

/** The size and SHA-256 of a stored file, read back from the storage. */
export const digestOf = async (storage: PrivateFileStorage, path: string) => {
  const stored = await storage.open(path);
  if (!stored) {
    throw new Error(`a file just stored is gone: ${path}`);
  }
  const hash = createHash('sha256');
  for await (const chunk of stored.stream()) {
    hash.update(chunk as Buffer);
  }
  return { sizeBytes: stored.size, sha256: hash.digest('hex') };
};

/**
 * Staff's firmware form: the file `file` (any content, at most `maxBytes`) and an optional `version`. Answers the
 * stored file's path, the name it was sent with, and the version; 413 over the limit, 400 without a file or with an
 * empty one; a refused form leaves no file behind.
 */
export const readFirmwareForm = async (request: FastifyRequest, storage: PrivateFileStorage, maxBytes: number) => {
  const tooLarge = firmwareTooLarge(maxBytes);
  refuseDeclaredLength(request, maxBytes + MULTIPART_OVERHEAD_BYTES, tooLarge);
  const form = await readMultipartForm(request, firmwareForm(maxBytes), { storage });
  if (form.errors[FIRMWARE_FILE_FIELD]?.includes(tooLarge)) {
    await form.discard();
    throw new ApiError(413, tooLarge);
  }
  const file = form.files[FIRMWARE_FILE_FIELD]?.[0];
  const isMissing = !form.errors[FIRMWARE_FILE_FIELD] && !file;
  const body = await validateMultipartForm(
    form,
    ZFirmwareUploadFields,
    isMissing ? { [FIRMWARE_FILE_FIELD]: ['firmware_file_required'] } : {},
  );
  if (!file?.isStored) {
    await form.discard();
    throw new FieldErrors({ [FIRMWARE_FILE_FIELD]: ['firmware_file_required'] });
  }
  const digest = await digestOf(storage, file.path);
  if (digest.sizeBytes === 0) {
    await form.discard();
    throw new FieldErrors({ [FIRMWARE_FILE_FIELD]: ['firmware_empty'] });
  }
  return { path: file.path, fileName: safeFileName(file.fileName, 'firmware.bin'), version: body.version, ...digest };
};

/** The first file part of a multipart body, or the raw body itself, with the name its sender gave it. */
interface IncomingFile {
  source: AsyncIterable<Uint8Array>;
  fileName: string | undefined;
  /** True when the parser cut the file at its limit. */
  isTruncated(): boolean;
}

/** The client's body broke off or was not what it said; the parser's own limit errors keep their status. */
const clientError = (error: unknown) => {
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  return statusCode === 413
    ? new ApiError(413, 'payload_too_large', { connection: 'close' })
    : new FieldErrors({ [NON_FIELD_ERRORS]: ['malformed_multipart'] });
};

/** Iterates the client's stream, its failures turned into the client's errors (400 or 413), never a 500. */
async function* clientBytes(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  for (;;) {
    let step: IteratorResult<Uint8Array>;
    try {
      step = await iterator.next();
    } catch (error) {
      throw clientError(error);
    }
    if (step.done) {
      return;
    }
    yield step.value;
  }
}

const incomingDiagnostics = async (request: FastifyRequest, maxBytes: number, pathName: string | undefined) => {
  if (request.isMultipart()) {
    let part;
    try {
      part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10, parts: 20 } });
    } catch (error) {
      throw clientError(error);
    }
    if (!part) {
      throw new FieldErrors({ [NON_FIELD_ERRORS]: ['diagnostics_empty'] });
    }
    const file = part.file;
    return {
      source: file,
      fileName: part.filename || pathName,
      isTruncated: () => file.truncated,
    } satisfies IncomingFile;
  }
  const body = request.body as AsyncIterable<Uint8Array> | undefined;
  return {
    source: body ?? (async function* () {})(),
    fileName: pathName,
    isTruncated: () => false,
  } satisfies IncomingFile;
};

/**
 * A charge point's diagnostics upload: a raw PUT body (any content type) or the first file of a multipart POST,
 * stored while it arrives and refused past `maxBytes` (413, nothing kept) or empty (400).
 */
export const receiveDiagnostics = async (
  request: FastifyRequest,
  storage: PrivateFileStorage,
  maxBytes: number,
  pathName: string | undefined,
) => {
  const tooLarge = diagnosticsTooLarge(maxBytes);
  refuseDeclaredLength(request, maxBytes + (request.isMultipart() ? MULTIPART_OVERHEAD_BYTES : 0), tooLarge);
  const incoming = await incomingDiagnostics(request, maxBytes, pathName);
  let sizeBytes = 0;
  let isOverLimit = false;
  // Bytes past the limit are read (so that the request can be answered) but never kept.
  async function* limited(): AsyncGenerator<Uint8Array> {
    for await (const chunk of clientBytes(incoming.source)) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) {
        isOverLimit = true;
      }
      if (!isOverLimit) {
        yield chunk;
      }
    }
  }
  const path = await storage.saveStream(limited(), 'bin');
  if (isOverLimit || incoming.isTruncated()) {
    await storage.deleteFile(path);
    throw new ApiError(413, tooLarge, { connection: 'close' });
  }
  if (sizeBytes === 0) {
    await storage.deleteFile(path);
    throw new FieldErrors({ [NON_FIELD_ERRORS]: ['diagnostics_empty'] });
  }
  return { path, sizeBytes, fileName: safeFileName(incoming.fileName, 'diagnostics.bin') };
};
