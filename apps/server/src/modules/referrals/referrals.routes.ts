import { ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import {
  ZReferral,
  ZReferralCreateBody,
  ZReferralExportQuery,
  ZReferralListQuery,
  ZReferralPage,
  ZReferralSettings,
  ZReferralSettingsUpdateBody,
} from '@zaryad/contracts/referrals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { exportRoute } from '../../platform/export';
import { referralColumns, referralExportQuery } from './referrals.export';
import type { ReferralsService } from './referrals.service';

export interface ReferralsRoutesOptions {
  referrals: ReferralsService;
}

const tags = ['referrals'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/**
 * Referrals under /api/v1: the list at /ads/referrals/ (beside promotions and banners, docs/product/promotions.md#7-calls), its export,
 * the link an invited user's registration makes, and the network's bonuses at /settings/referrals/.
 */
export const referralsRoutes = async (fastify: FastifyInstance, { referrals }: ReferralsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ads/referrals/',
    {
      config: { permission: 'referrals.view' },
      schema: {
        tags,
        summary:
          'Referrals, newest registration first, paged; search over both users (name, phone, personal account) and the code; status, inviter, invited, registration and reward days (Bishkek)',
        querystring: ZReferralListQuery,
        response: { 200: ZReferralPage, ...errors },
      },
    },
    async (request) => referrals.list(request.query),
  );

  exportRoute(fastify, {
    path: '/ads/referrals/export/',
    permission: 'referrals.export',
    tags,
    summary: "The referrals the list's filters select, in its order, as a file.",
    querystring: ZReferralExportQuery,
    entity: 'referrals',
    sheet: { ru: 'Рефералы', en: 'Referrals', ky: 'Рефералдар' },
    rows: (filters, language) => ({
      query: referralExportQuery(fastify.database.db, filters),
      columns: referralColumns(language),
    }),
  });

  app.post(
    '/ads/referrals/',
    {
      config: { permission: 'referrals.edit' },
      schema: {
        tags,
        summary:
          "Links an invited user to the owner of a referral code, as the drivers' app does at registration (the same service): refused for an unknown code, one's own code, a user already invited, or two users inviting each other",
        body: ZReferralCreateBody,
        response: { 201: ZReferral, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await referrals.create(request.body, currentAccount(request))),
  );

  app.get(
    '/settings/referrals/',
    {
      config: { permission: 'referrals.view' },
      schema: {
        tags,
        summary: "The network's referral bonuses in som: the inviter's and the invited user's; 0.00 means none",
        response: { 200: ZReferralSettings, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async () => referrals.getSettings(),
  );

  app.patch(
    '/settings/referrals/',
    {
      config: { permission: 'referrals.edit' },
      schema: {
        tags,
        summary:
          'Changes the referral bonuses (numbers or numeric strings in som, 0 to 100,000, at most 2 decimals); only the fields sent change; referrals rewarded later get the new amounts',
        body: ZReferralSettingsUpdateBody,
        response: { 200: ZReferralSettings, ...errors },
      },
    },
    async (request) => referrals.updateSettings(request.body, currentAccount(request)),
  );
};
