import {
  isListName,
  LIST_SETTINGS_LIMITS,
  ZErrorBody,
  ZListSettings,
  ZListSettingsBody,
  ZListSettingsParams,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { notFound } from '../../http/api-errors';
import type { ListSettingsService } from './list-settings.service';

export interface ListSettingsRoutesOptions {
  listSettings: ListSettingsService;
}

const tags = ['accounts'];

/** The list named in the path, or 404 for a name no list has (docs/product/accounts.md#10-list-settings). */
const knownList = (list: string) => {
  if (!isListName(list)) {
    throw notFound();
  }
  return list;
};

/**
 * /api/v1/accounts/settings/lists/{list}/: the signed-in account's column settings of one list (order, visibility,
 * density), kept on the server so that they follow it to another computer.
 */
export const listSettingsRoutes = async (fastify: FastifyInstance, options: ListSettingsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { listSettings } = options;

  app.get(
    '/:list/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags,
        summary: "The signed-in account's settings of one list; the defaults (updated_at null) until it saves some",
        params: ZListSettingsParams,
        response: { 200: ZListSettings, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => listSettings.get(currentAccount(request).id, knownList(request.params.list)),
  );

  app.put(
    '/:list/',
    {
      config: { permission: 'signed_in' },
      // A list has at most 40 columns: a few kilobytes say it all.
      bodyLimit: LIST_SETTINGS_LIMITS.bodyBytes,
      schema: {
        tags,
        summary:
          "Replaces the signed-in account's settings of one list: its columns' order and visibility, its density",
        params: ZListSettingsParams,
        body: ZListSettingsBody,
        response: { 200: ZListSettings, 400: ZValidationErrorBody, 401: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody },
      },
    },
    async (request) => listSettings.put(currentAccount(request).id, knownList(request.params.list), request.body),
  );
};
