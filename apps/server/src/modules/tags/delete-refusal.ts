import { translateMessage } from '@zaryad/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { TMessage } from '../../http/api-errors';
// Declares request.language; imported explicitly so that programs compiling only this module (the seed) see it.
import type {} from '../../http/i18n';

/**
 * A delete refused by a business rule (an active record). The product's convention (SPEC.md section 8) is a 400 whose
 * body is a JSON array of messages, which the web app joins; field errors keep their `{field: [...]}` shape.
 */
export class DeleteRefusedError extends Error {
  constructor(readonly messages: TMessage[]) {
    super('delete refused');
  }
}

/**
 * Answers DeleteRefusedError in the caller's language for the routes of one (encapsulated) plugin. Anything else is
 * rethrown, which hands it to the platform's error handler of the parent context.
 */
export const handleDeleteRefusals = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | DeleteRefusedError, request, reply) => {
    if (error instanceof DeleteRefusedError) {
      return reply
        .code(400)
        .type('application/json; charset=utf-8')
        .send(error.messages.map((message) => translateMessage(message, request.language)));
    }
    throw error;
  });
};
