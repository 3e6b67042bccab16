import { ZErrorBody, ZSearchQuery, ZSearchResult, ZValidationErrorBody } from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import type { SearchService } from './search.service';

export interface SearchRoutesOptions {
  search: SearchService;
}

/** /api/v1/search/ (docs/product/search.md): the header's global search. */
export const searchRoutes = async (fastify: FastifyInstance, options: SearchRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      // Any signed-in account: each group needs its list's view permission, and a group the account may not read is absent.
      config: { permission: 'signed_in' },
      schema: {
        tags: ['search'],
        summary:
          'Merchants, stations, app users, charges and accounts found by one text, grouped, at most 5 a group, ranked exact, prefix, contains, then newest',
        querystring: ZSearchQuery,
        response: { 200: ZSearchResult, 400: ZValidationErrorBody, 401: ZErrorBody },
      },
    },
    async (request) => {
      const account = currentAccount(request);
      return options.search.search(request.query.q, { permissions: account.permissions, language: request.language });
    },
  );
};
