import { ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import {
  ZPromoCode,
  ZPromoCodeDeactivateBody,
  ZPromoCodeExportQuery,
  ZPromoCodeGenerateBody,
  ZPromoCodeGenerated,
  ZPromoCodeListQuery,
  ZPromoCodePage,
  ZPromoCodeRedeemBody,
  ZPromoCodeRedemption,
} from '@zaryad/contracts/promo-codes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAccount } from '../../http/auth';
import { exportRoute } from '../../platform/export';
import { promoCodeExportColumns, promoCodeExportQuery } from './promo-codes.export';
import { promoCodeConditions, type PromoCodesService } from './promo-codes.service';

const tags = ['promo-codes'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };

/** /api/v1/promo-codes/: codes of promotions, their generation, deactivation and redemption. */
export const promoCodesRoutes = async (fastify: FastifyInstance, { promoCodes }: { promoCodes: PromoCodesService }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      config: { permission: 'promo_codes.view' },
      schema: {
        tags,
        summary: 'Promo codes, newest first; promotion, state (unused, used, expired, deactivated) and search filters',
        querystring: ZPromoCodeListQuery,
        response: { 200: ZPromoCodePage, ...errors },
      },
    },
    async (request) => promoCodes.list(request.query, request.language),
  );

  exportRoute(fastify, {
    path: '/export/',
    permission: 'promo_codes.export',
    tags,
    summary: "The codes the list's filters select, newest first, as a file.",
    querystring: ZPromoCodeExportQuery,
    entity: 'promo-codes',
    sheet: { ru: 'Промокоды', en: 'Promo codes', ky: 'Промокоддор' },
    rows: (filters, language) => {
      const now = new Date();
      return {
        query: promoCodeExportQuery(fastify.database.db, promoCodeConditions(filters, now)),
        columns: promoCodeExportColumns(language, now),
      };
    },
  });

  app.post(
    '/generate/',
    {
      config: { permission: 'promo_codes.create' },
      schema: {
        tags,
        summary:
          'Generates up to 10,000 unique codes for a promotion at once: prefix, length after it, total-use and ' +
          'per-user limits, validity; letters that read alike (0/O, 1/I) are never used. Answers the first 100',
        body: ZPromoCodeGenerateBody,
        response: { 201: ZPromoCodeGenerated, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await promoCodes.generate(request.body, currentAccount(request))),
  );

  app.post(
    '/deactivate/',
    {
      config: { permission: 'promo_codes.status' },
      schema: {
        tags,
        summary: 'Deactivates codes: they can no longer be redeemed; an unknown id changes nothing and answers 404',
        body: ZPromoCodeDeactivateBody,
        response: { 200: z.array(ZPromoCode), ...errors, 404: ZErrorBody },
      },
    },
    async (request) => promoCodes.deactivate(request.body.ids, currentAccount(request), request.language),
  );

  app.post(
    '/redeem/',
    {
      config: { permission: 'promo_codes.edit' },
      schema: {
        tags,
        summary:
          "Redeems a code for a driver (the drivers' app will call the same service): refused with a reason when " +
          'expired, not yet valid, deactivated, used up, or used by this driver as often as allowed; a charge, when named, ' +
          "must be the driver's charge in progress",
        description:
          'What a redemption gives: a promotion that has promo codes applies only through them. When the redemption ' +
          "names the driver's charge in progress, the code's promotion becomes a candidate for that charge when it " +
          "finishes; without a charge, it waits for the driver's next finishing charge, and the first such charge that " +
          "the promotion wins takes it (once: two charges finishing at once cannot both use it). The promotion's other " +
          'conditions (stations, period, happy hours, minimum amount and number of charges) still apply, and the best ' +
          'promotion for the charge still wins: when another one gives more, the redemption waits for a later charge ' +
          "(a named charge is let go). The charge's promotion use says that a code made it eligible.",
        body: ZPromoCodeRedeemBody,
        response: { 201: ZPromoCodeRedemption, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await promoCodes.redeem(request.body, currentAccount(request))),
  );
};
