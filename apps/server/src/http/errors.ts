import { translateMessage, type TLanguage } from '@zaryad/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DeleteRefusedError } from '../platform/delete-when-inactive';
import { ApiError, FieldErrors, NON_FIELD_ERRORS, type TMessage } from './api-errors';

const translateFields = (fields: Record<string, TMessage[]>, language: TLanguage) =>
  Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      messages.map((message) => translateMessage(message, language)),
    ]),
  );

export const sendDetail = (reply: FastifyReply, request: FastifyRequest, status: number, message: TMessage) =>
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ detail: translateMessage(message, request.language) });

/** docs/product/common.md#8-messages: a refused delete answers 400 with a JSON array of messages, not a `{field: [...]}` body. */
const sendMessages = (reply: FastifyReply, request: FastifyRequest, messages: TMessage[]) =>
  reply
    .code(400)
    .type('application/json; charset=utf-8')
    .send(messages.map((message) => translateMessage(message, request.language)));

const sendFields = (reply: FastifyReply, request: FastifyRequest, fields: Record<string, TMessage[]>) =>
  reply.code(400).type('application/json; charset=utf-8').send(translateFields(fields, request.language));

/** Fastify's own client errors (body parsing, URL, content type) mapped onto the message catalogue. */
const fastifyClientError = (error: FastifyError): { status: number; message: TMessage } | undefined => {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return error.statusCode === 413
        ? { status: 413, message: 'payload_too_large' }
        : { status: 400, message: 'invalid' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return { status: 415, message: 'unsupported_media_type' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'malformed_json' };
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return { status: 400, message: 'invalid' };
    default:
      break;
  }
  if (error instanceof SyntaxError || error.name === 'SyntaxError') {
    return { status: 400, message: 'malformed_json' };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) {
    return { status, message: 'payload_too_large' };
  }
  if (status === 415) {
    return { status, message: 'unsupported_media_type' };
  }
  // @fastify/static answers 403 for a folder: to a client there is simply nothing there.
  if (status === 404 || status === 403) {
    return { status: 404, message: 'not_found' };
  }
  if (status === 405) {
    return { status, message: 'method_not_allowed' };
  }
  if (status >= 400 && status < 500) {
    return { status: 400, message: 'invalid' };
  }
  return undefined;
};

/** An error and the errors it was caused by, outermost first (a few levels: a cycle cannot loop). */
const causes = (error: Error): Error[] => {
  const chain: Error[] = [];
  for (let current: unknown = error; current instanceof Error && chain.length < 5; current = current.cause) {
    chain.push(current);
  }
  return chain;
};

const errorsPlugin = async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FieldErrors) {
      return sendFields(reply, request, error.fields);
    }
    if (error instanceof DeleteRefusedError) {
      return sendMessages(reply, request, error.messages);
    }
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return sendDetail(reply, request, error.statusCode, error.messageKey);
    }
    const clientError = fastifyClientError(error);
    if (clientError) {
      return clientError.status === 400
        ? sendFields(reply, request, { [NON_FIELD_ERRORS]: [clientError.message] })
        : sendDetail(reply, request, clientError.status, clientError.message);
    }
    // The database's connections are all taken for longer than the pool waits (pg-pool's connection timeout): the
    // request can be retried, so it is a 503, not a failure of ours. Drizzle wraps a single query's error (`Failed
    // query: …`) with pg-pool's as its cause; a transaction's connect throws pg-pool's own.
    if (causes(error).some((cause) => /timeout exceeded when trying to connect/i.test(cause.message))) {
      reply.header('retry-after', '1');
      return sendDetail(reply, request, 503, 'server_busy');
    }
    // Every expected failure is handled above: reaching this line is a bug, so it is logged in full.
    request.log.error({ err: error }, 'unexpected error');
    return sendDetail(reply, request, 500, 'server_error');
  });
};

export const errors = fp(errorsPlugin, { name: 'errors', dependencies: ['i18n'] });
