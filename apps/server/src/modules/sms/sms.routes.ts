import { ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import { ZSmsListQuery, ZSmsPage } from '@zaryad/contracts/sms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { createSmsOutbox } from './sms.service';

export interface SmsRoutesOptions {
  outbox: ReturnType<typeof createSmsOutbox>;
}

/** /api/v1/sms-outbox/: the SMS the server sent, for superadmins. */
export const smsRoutes = async (fastify: FastifyInstance, { outbox }: SmsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      config: { permission: 'roles.manage' },
      schema: {
        tags: ['sms'],
        summary: 'The SMS outbox, newest first: every SMS the server sent (the drivers’ sign-in codes)',
        description:
          'Superadmins only. `search` matches digits of the phone. Codes are shown in full while no SMS gateway is configured (SMS_GATEWAY_URL unset: the outbox is the delivery) and masked otherwise; `gateway` says which.',
        querystring: ZSmsListQuery,
        response: { 200: ZSmsPage, 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => outbox.list(request.query),
  );
};
