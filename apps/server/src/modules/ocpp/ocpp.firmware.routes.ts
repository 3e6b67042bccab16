/**
 * Firmware and diagnostics calls (docs/product/ocpp.md#7-calls), under /api/v1/ocpp/: staff's (firmware files,
 * each station's diagnostics files and progress) and the charge points' own (a firmware download and a diagnostics
 * upload, each at a signed, expiring URL that is its own permission).
 */
import { ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import {
  ZDiagnosticsFile,
  ZDiagnosticsFilePage,
  ZDiagnosticsFileParams,
  ZFirmwareDiagnosticsProgress,
  ZFirmwareFile,
  ZFirmwareFilePage,
  ZFirmwareFileQuery,
  ZFirmwareUploadFields,
} from '@zaryad/contracts/ocpp-firmware';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAccount } from '../../http/auth';
import { attachmentDisposition } from '../../platform/export/http';
import { registerMultipart } from '../../platform/multipart';
import { rangeOf } from '../../platform/storage';
import { multipartBodySchema } from '../../platform/multipart-docs';
import type { FileTransfers, FileToSend } from './ocpp.firmware.service';
import { FIRMWARE_FILE_FIELD, firmwareForm } from './ocpp.firmware.uploads';
import type { OcppService } from './ocpp.service';

export interface FileTransferRoutesOptions {
  files: FileTransfers;
  ocpp: Pick<OcppService, 'stationIdOf'>;
}

const tags = ['ocpp'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };
/** Uploading and deleting firmware (docs/product/ocpp.md#6-permissions). */
const MANAGE = 'stations.manage_charge_point';
const ZFileResponse = z.string().describe('the file (application/octet-stream)');
const ZTokenParams = z.object({ token: z.string().max(200) });
const ZTokenFileParams = ZTokenParams.extend({ fileName: z.string().max(200) });

/** Sends a stored file as a download: its length, its name, and one range when asked (a charge point resuming). */
const sendFile = (request: FastifyRequest, reply: FastifyReply, { fileName, file }: FileToSend) => {
  reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', attachmentDisposition(fileName, 'file.bin'))
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'no-store');
  const range = rangeOf(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(file.stream(range));
  }
  return reply.header('content-length', file.size).send(file.stream());
};

/** Staff's firmware upload: multipart in a scope of its own. */
const firmwareUploadRoute = async (fastify: FastifyInstance, options: FileTransferRoutesOptions) => {
  await registerMultipart(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const maxMb = Math.floor(options.files.firmwareMaxBytes / (1024 * 1024));
  app.post(
    '/firmware/',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Uploads a firmware file for charge points (any content) with an optional version label',
        description: `multipart/form-data: the file \`${FIRMWARE_FILE_FIELD}\` (required, at most OCPP_FIRMWARE_MAX_MB, now ${maxMb} MB: 413 over it) and \`version\` (at most 50 characters). UpdateFirmware names it by id.`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBodySchema(firmwareForm(options.files.firmwareMaxBytes), ZFirmwareUploadFields, {
          required: [FIRMWARE_FILE_FIELD],
        }),
        response: { 201: ZFirmwareFile, ...errors, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await options.files.uploadFirmware(request, currentAccount(request))),
  );
};

/**
 * A charge point's diagnostics upload: any body at all (a raw PUT of any content type, or a multipart POST), read as
 * a stream in a scope whose only parsers are these two, so that no JSON or text parser buffers it first.
 */
const diagnosticsUploadRoutes = async (fastify: FastifyInstance, options: FileTransferRoutesOptions) => {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, payload, done) => {
    done(null, payload);
  });
  await registerMultipart(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const upload = (method: 'PUT' | 'POST', withName: boolean) =>
    app.route({
      method,
      url: withName ? '/files/diagnostics/:token/:fileName' : '/files/diagnostics/:token/',
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          method === 'PUT'
            ? "A charge point's diagnostics upload: the raw file as the body, at the signed location GetDiagnostics gave it"
            : "A charge point's diagnostics upload: the first file of a multipart body, at the signed location GetDiagnostics gave it",
        description:
          'No session: the signed token is the permission (403 when wrong or expired). At most OCPP_DIAGNOSTICS_MAX_MB (413 over it, nothing kept); an empty file answers 400.',
        params: withName ? ZTokenFileParams : ZTokenParams,
        response: { 201: ZDiagnosticsFile, 400: ZValidationErrorBody, 403: ZErrorBody, 413: ZErrorBody },
      },
      handler: async (request, reply) => {
        const params = request.params as { token: string; fileName?: string };
        return reply.code(201).send(await options.files.receiveDiagnostics(request, params.token, params.fileName));
      },
    });
  upload('PUT', false);
  upload('PUT', true);
  upload('POST', false);
  upload('POST', true);
};

/** /api/v1/ocpp/firmware/, /stations/{id}/diagnostics/, /stations/{id}/firmware-diagnostics/ and /files/. */
export const fileTransferRoutes = async (fastify: FastifyInstance, options: FileTransferRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { files, ocpp } = options;

  app.get(
    '/firmware/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: 'Firmware files uploaded for charge points, newest first',
        querystring: ZFirmwareFileQuery,
        response: { 200: ZFirmwareFilePage, ...errors },
      },
    },
    async (request) => files.listFirmware(request.query.page, request.query.size),
  );

  await app.register(firmwareUploadRoute, options);

  app.get(
    '/firmware/:id/file/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: 'Downloads a firmware file',
        params: ZIdParam,
        produces: ['application/octet-stream'],
        response: { 200: ZFileResponse, ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => sendFile(request, reply, await files.firmwareFile(request.params.id)),
  );

  app.delete(
    '/firmware/:id/',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Deletes a firmware file; the URLs already handed to charge points answer 404 from then on',
        params: ZIdParam,
        response: { 204: z.null(), ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await files.removeFirmware(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/stations/:id/firmware-diagnostics/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary:
          "A station's firmware and diagnostics progress: the last status its charge point reported of each, and what was last asked",
        params: ZIdParam,
        response: { 200: ZFirmwareDiagnosticsProgress, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => files.progress(await ocpp.stationIdOf(request.params.id)),
  );

  app.get(
    '/stations/:id/diagnostics/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: 'The diagnostics files the charge point of a station uploaded, newest first',
        params: ZIdParam,
        querystring: ZFirmwareFileQuery,
        response: { 200: ZDiagnosticsFilePage, ...errors, 404: ZErrorBody },
      },
    },
    async (request) =>
      files.listDiagnostics(await ocpp.stationIdOf(request.params.id), request.query.page, request.query.size),
  );

  app.get(
    '/stations/:id/diagnostics/:fileId/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: 'Downloads a diagnostics file of a station',
        params: ZDiagnosticsFileParams,
        produces: ['application/octet-stream'],
        response: { 200: ZFileResponse, ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) =>
      sendFile(request, reply, await files.diagnosticsFile(request.params.id, request.params.fileId)),
  );

  app.get(
    '/files/firmware/:token/:fileName',
    {
      config: { permission: 'public' },
      // A charge point may ask the file's size with HEAD before it downloads (the app adds no HEAD routes itself).
      exposeHeadRoute: true,
      schema: {
        tags,
        summary: 'A charge point downloads its firmware from the signed URL UpdateFirmware gave it',
        description:
          'No session: the signed token is the permission (403 when wrong or expired); 404 once the firmware is deleted. One byte range may be asked (206).',
        params: ZTokenFileParams,
        produces: ['application/octet-stream'],
        response: { 200: ZFileResponse, 206: ZFileResponse, 403: ZErrorBody, 404: ZErrorBody, 416: z.null() },
      },
    },
    async (request, reply) => sendFile(request, reply, await files.firmwareForChargePoint(request.params.token)),
  );

  await app.register(diagnosticsUploadRoutes, options);
};
