import { ZAccountSettings, ZAccountSettingsUpdateBody, ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import type { SettingsService } from './settings.service';

export interface SettingsRoutesOptions {
  settings: SettingsService;
}

const tags = ['accounts'];

/** /api/v1/accounts/settings/: the signed-in account's interface language and locale settings. */
export const settingsRoutes = async (fastify: FastifyInstance, options: SettingsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { settings } = options;

  app.get(
    '/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags,
        summary: "The signed-in account's settings; ru, Asia/Bishkek and DD.MM.YYYY until it saves its own",
        response: { 200: ZAccountSettings, 401: ZErrorBody },
      },
    },
    async (request) => settings.get(currentAccount(request).id),
  );

  app.patch(
    '/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags,
        summary: "Changes the signed-in account's settings; only the fields sent change",
        body: ZAccountSettingsUpdateBody,
        response: { 200: ZAccountSettings, 400: ZValidationErrorBody, 401: ZErrorBody },
      },
    },
    async (request) => settings.update(currentAccount(request), request.body),
  );
};
