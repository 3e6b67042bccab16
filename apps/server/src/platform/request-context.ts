/**
 * Every log line written while serving a request carries the request's id (docs/design.md, section 6, "Watching it"):
 * Fastify's request logger has it bound; every other logger (the process's own, a mailer's, a charge point
 * connection's) gets it from the request's async context through the pino mixin below, so a mail sent, an SQL error,
 * an audit or an export's failure, and the OCPP exchange a command causes name the request that caused them. The id
 * is the caller's `x-request-id` when it is a plain token (a proxy's or a client's), else a new one, and every answer
 * carries it back in `x-request-id`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * An incoming id is kept when it is a token of at most 128 characters without spaces, quotes or control characters:
 * it goes into every log line, which it must not be able to forge or swell. UUIDs, hex ids and base64 pass.
 */
const PLAIN_TOKEN = /^[\w.:/+=@-]{1,128}$/;

interface RequestScope {
  reqId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The id of the request whose work is running (its handler, or anything it started), if any. */
export const currentRequestId = (): string | undefined => scope.getStore()?.reqId;

/**
 * Runs work as part of a request (a command another process received on the bus with its sender's request id): its
 * log lines carry that id. Without an id the work runs as it is.
 */
export const withRequestId = <T>(reqId: string | undefined, work: () => T): T =>
  reqId === undefined ? work() : scope.run({ reqId }, work);

/** Fastify's `genReqId`: the caller's `x-request-id` if it is a plain token, else a new UUID. */
export const requestIdOf = (request: IncomingMessage): string => {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_TOKEN.test(given) ? given : randomUUID();
};

/** Marks the loggers that already bind a request's id (Fastify's request loggers and their children). */
const BINDS_REQUEST_ID = Symbol('zaryad.bindsRequestId');

/** Fastify's request logger, as by default, marked so that the mixin does not write its id twice. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function requestLogger(logger, bindings, options) {
  const child = logger.child(bindings, options);
  (child as unknown as Record<symbol, boolean>)[BINDS_REQUEST_ID] = true;
  return child;
};

/**
 * The pino mixin of the process's logger: a line written inside a request's work by a logger that does not bind the
 * id gets it. pino merges the line's own fields over this object (a line that names its `reqId` keeps its own).
 */
export const requestIdMixin = (_line: object, _level: number, logger: unknown): object => {
  const reqId = scope.getStore()?.reqId;
  return reqId === undefined || (logger as Record<symbol, boolean | undefined>)[BINDS_REQUEST_ID]
    ? {}
    : { reqId };
};

/**
 * Enters each request's async context and echoes its id. The context is entered at onRequest and again at
 * preValidation: Node runs the body's parsing in the socket's own context, so the handler would otherwise lose it
 * for a request with a body.
 */
export const trackRequestIds = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    scope.run({ reqId: request.id }, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    scope.run({ reqId: request.id }, done);
  });
};
