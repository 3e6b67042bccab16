import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errors } from '../http/errors';
import { i18n } from '../http/i18n';
import { createLocalFileStorage } from '../modules/media/file-storage';
import { JPEG_BYTES, MP4_BYTES, multipartBody, PNG_BYTES, type TFormValue } from '../test/station-requests';
import {
  type MultipartFormSpec,
  parseFieldName,
  parserLimits,
  readMultipartForm,
  registerMultipart,
  sniffFormat,
  validateMultipartForm,
} from './multipart';

describe('content sniffing', () => {
  it('judges by content, not by name', () => {
    expect(sniffFormat(PNG_BYTES)).toBe('png');
    expect(sniffFormat(JPEG_BYTES)).toBe('jpeg');
    expect(sniffFormat(MP4_BYTES)).toBe('mp4');
    expect(sniffFormat(Buffer.from('\ufeff  <svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffFormat(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffFormat(Buffer.from('hello'))).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
  });
});

const NAMES: MultipartFormSpec = {
  fields: {
    name_ru: { kind: 'text' },
    tags: { kind: 'repeated' },
    deleted_media_ids: { kind: 'list' },
    schedule: { kind: 'objects', keys: ['day'] },
    avatar: { kind: 'file', accept: [], invalidType: 'image_type_invalid', maxCount: 1, keep: 'memory' },
    media_files: {
      kind: 'file',
      indexedKey: 'content',
      accept: [],
      invalidType: 'media_type_invalid',
      maxCount: 10,
      keep: 'memory',
    },
  },
};

describe('indexed multipart names', () => {
  it('reads every style of docs/api.md and nothing else', () => {
    expect(parseFieldName('schedule[2]day', NAMES)).toEqual({ type: 'object', name: 'schedule', index: 2, key: 'day' });
    expect(parseFieldName('schedule[2].day', NAMES)).toEqual({
      type: 'object',
      name: 'schedule',
      index: 2,
      key: 'day',
    });
    expect(parseFieldName('deleted_media_ids[0]', NAMES)).toEqual({
      type: 'list',
      name: 'deleted_media_ids',
      index: 0,
    });
    expect(parseFieldName('media_files[9]content', NAMES)).toEqual({ type: 'file', name: 'media_files' });
    expect(parseFieldName('avatar', NAMES)).toEqual({ type: 'file', name: 'avatar' });
    expect(parseFieldName('tags[3]', NAMES)).toEqual({ type: 'repeated', name: 'tags' });
    expect(parseFieldName('tags', NAMES)).toEqual({ type: 'repeated', name: 'tags' });
    const unknown = [
      'schedule[1]night',
      'schedule[100]day',
      'schedule[-1]day',
      '__proto__',
      'toString',
      'name_ru[0]',
      'media_files[0]path',
      'media_files',
    ];
    for (const name of unknown) {
      expect(parseFieldName(name, NAMES), name).toEqual({ type: 'unknown' });
    }
  });

  it('derives parser limits a little above the declared ones', () => {
    const limits = parserLimits({
      fields: {
        title: { kind: 'text' },
        icon: {
          kind: 'file',
          accept: [{ formats: ['svg'], maxBytes: 1000, tooLarge: 'image_too_large_256' }],
          invalidType: 'svg_only',
          maxCount: 1,
          keep: 'memory',
        },
      },
    });
    expect(limits).toMatchObject({ fileSize: 1001, files: 7, fields: 21, fieldSize: 4096 });
  });
});

// A route on the reader alone: every limit of the spec, without a database.
const FORM: MultipartFormSpec = {
  fields: {
    title: { kind: 'text' },
    tags: { kind: 'repeated', maxCount: 3 },
    schedule: { kind: 'objects', keys: ['day', 'start_time'], maxCount: 2 },
    photo: {
      kind: 'file',
      accept: [{ formats: ['png', 'jpeg'], maxBytes: 64, tooLarge: 'image_too_large_2mb' }],
      invalidType: 'image_type_invalid',
      maxCount: 1,
      keep: 'storage',
    },
    media_files: {
      kind: 'file',
      indexedKey: 'content',
      accept: [
        { formats: ['png', 'jpeg'], maxBytes: 64, tooLarge: 'image_too_large_2mb' },
        { formats: ['mp4'], maxBytes: 200, tooLarge: 'video_too_large' },
      ],
      invalidType: 'media_type_invalid',
      maxCount: 2,
      tooMany: 'media_too_many:2',
      keep: 'storage',
    },
  },
};
const ZForm = z.object({
  title: z.string().min(1, 'blank'),
  tags: z.array(z.string()).optional(),
  schedule: z.array(z.object({ day: z.string(), start_time: z.string().optional() })).optional(),
});

const uploadsDir = mkdtempSync(join(tmpdir(), 'zaryad-multipart-'));
mkdirSync(join(uploadsDir, 'forms'));
const storedFiles = () => readdirSync(join(uploadsDir, 'forms'));
let app: FastifyInstance;

beforeAll(async () => {
  const storage = createLocalFileStorage(uploadsDir, 'forms');
  app = Fastify({ logger: false });
  await app.register(i18n);
  await app.register(errors);
  await app.register(async (scoped) => {
    await registerMultipart(scoped);
    scoped.post('/form/', async (request) => {
      const form = await readMultipartForm(request, FORM, { storage });
      const body = await validateMultipartForm(form, ZForm);
      const files = Object.fromEntries(
        Object.entries(form.files).map(([name, list]) => [name, list.map((file) => file.format)]),
      );
      await form.discard();
      return { body, files };
    });
    // A storage that fails is the server's fault: it must not pass for a malformed body.
    const brokenStorage = {
      ...storage,
      saveStream: () => Promise.reject(new Error('ENOSPC: no space left on device')),
    };
    scoped.post('/broken-storage/', async (request) => {
      await readMultipartForm(request, FORM, { storage: brokenStorage });
      return {};
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const send = async (fields: Record<string, TFormValue | undefined>, language = 'en') => {
  const body = await multipartBody(fields);
  return app.inject({
    method: 'POST',
    url: '/form/',
    headers: { 'content-type': body.contentType, 'accept-language': language },
    payload: body.payload,
  });
};
const png = (size = PNG_BYTES.length) => ({
  bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(Math.max(0, size - PNG_BYTES.length))]),
  filename: 'a.png',
});

describe('the multipart reader', () => {
  it('reads indexed names into lists and keeps accepted files', async () => {
    const response = await send({
      title: 'Shoro',
      tags: ['1', '2'],
      'schedule[1]day': '2',
      'schedule[0]day': '1',
      'schedule[0]start_time': '08:00',
      photo: { bytes: JPEG_BYTES, filename: 'photo.bin' },
      'media_files[0]content': png(),
      'media_files[1]content': { bytes: MP4_BYTES, filename: 'clip.mp4' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      body: { title: 'Shoro', tags: ['1', '2'], schedule: [{ day: '1', start_time: '08:00' }, { day: '2' }] },
      files: { photo: ['jpeg'], media_files: ['png', 'mp4'] },
    });
  });

  it('checks each file field by content, size and count, with translated messages, and keeps nothing of a refused form', async () => {
    const response = await send({
      title: 'Shoro',
      photo: { bytes: '<svg xmlns="http://www.w3.org/2000/svg"/>', filename: 'photo.png', type: 'image/png' },
      'media_files[0]content': png(65),
      'media_files[1]content': png(),
      'media_files[2]content': png(),
      'media_files[3]content': png(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      photo: ['Only PNG and JPEG images are allowed'],
      media_files: ['Image must be 2MB or smaller', 'No more than 2 files per station'],
    });
    expect(storedFiles()).toEqual([]);
    const video = await send({
      title: 'x',
      'media_files[0]content': { bytes: Buffer.concat([MP4_BYTES, Buffer.alloc(200)]), filename: 'v.mp4' },
    });
    expect(video.json()).toEqual({ media_files: ['Video must be 100MB or smaller'] });
    expect(storedFiles()).toEqual([]);
  });

  it('limits repeated and indexed values, refuses unknown names, NUL and a text where a file goes', async () => {
    const response = await send({
      title: 'a\u0000b',
      tags: ['1', '2', '3', '4'],
      'schedule[0]day': '1',
      'schedule[1]day': '2',
      'schedule[2]day': '3',
      colour: 'red',
      photo: 'not a file',
      'media_files[0]content': '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      title: ['Invalid value.'],
      tags: ['Select no more than 3 items.'],
      schedule: ['Select no more than 2 items.'],
      colour: ['Unknown field.'],
      photo: ['Only PNG and JPEG images are allowed'],
    });
  });

  it('answers 400, never 500, to a broken body, and 415 to a body that is not multipart', async () => {
    const valid = await multipartBody({ title: 'Shoro', photo: png(60) });
    const boundary = valid.contentType.split('boundary=')[1] ?? '';
    const broken: { contentType: string; payload: Buffer | string }[] = [
      { contentType: 'multipart/form-data', payload: 'x' },
      { contentType: 'multipart/form-data; boundary=', payload: 'x' },
      { contentType: 'multipart/form-data; boundary=nothere', payload: valid.payload },
      { contentType: valid.contentType, payload: valid.payload.subarray(0, valid.payload.length - 30) },
      // Cut inside the file: the part of it already stored must go.
      { contentType: valid.contentType, payload: valid.payload.subarray(0, valid.payload.length - 70) },
      { contentType: valid.contentType, payload: valid.payload.subarray(0, 60) },
      {
        contentType: valid.contentType,
        payload: `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
      },
      { contentType: valid.contentType, payload: '' },
    ];
    for (const { contentType, payload } of broken) {
      const response = await app.inject({
        method: 'POST',
        url: '/form/',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${contentType} ${payload.length}`).toBe(400);
      expect(Object.keys(response.json()).length, contentType).toBeGreaterThan(0);
    }
    expect(storedFiles()).toEqual([]);
    const failing = await multipartBody({ title: 'Shoro', photo: png() });
    const serverFault = await app.inject({
      method: 'POST',
      url: '/broken-storage/',
      headers: { 'content-type': failing.contentType },
      payload: failing.payload,
    });
    expect(serverFault.statusCode).toBe(500);
    const text = await app.inject({
      method: 'POST',
      url: '/form/',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(text.statusCode).toBe(415);
  });
});
