import { ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import {
  ZPromotion,
  ZPromotionCreateFields,
  ZPromotionListQuery,
  ZPromotionPage,
  ZPromotionReport,
  ZPromotionReportExportQuery,
  ZPromotionReportQuery,
  ZPromotionUpdateFields,
} from '@zaryad/contracts/promotions';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { EXPORT_CONTENT_TYPES } from '../../platform/export';
import { registerMultipart } from '../../platform/multipart';
import { multipartBodySchema } from '../../platform/multipart-docs';
import {
  bulkStatusRoute,
  deleteWhenInactiveResponses,
  EXPORT_NOTE,
  exportResponses,
  REPORT_PERIOD_NOTE,
} from '../../platform/route-schemas';
import { IMAGE_FIELD, PROMOTION_FORM, readCreateForm, readUpdateForm } from './promotions.form';
import { buildPromotionReport, reportAttachment, reportStream } from './promotions.report';
import type { PromotionsService } from './promotions.service';
import type { Database } from '../../db/client';

export interface PromotionsRoutesOptions {
  promotions: PromotionsService;
  db: Database;
}

const tags = ['promotions'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };
const multipartNote =
  'multipart/form-data: title_ru, title_en, title_ky, initiator (merchant, company, payment_system), merchant (id; ' +
  'required for a merchant initiator), repeated `stations` of the merchant (none: all of them), min_charge_amount ' +
  '(som, up to 5 digits and 2 decimals), min_charges_count (0 to 32767), exactly one of discount_percent (0 to 100) ' +
  'and discount_amount (som, at most min_charge_amount), start_date and end_date (ISO date-time with offset, start ' +
  'before end), happy_hours_start and happy_hours_end (HH:mm Bishkek time, not equal; an end before the start ' +
  'crosses midnight), status (0 active, 1 inactive; active needs an end ahead), and the file `image` (png or jpeg, ' +
  'at most 256 KB)';

/** /api/v1/ads/promotions/: discounts on charges. */
export const promotionsRoutes = async (fastify: FastifyInstance, options: PromotionsRoutesOptions) => {
  await registerMultipart(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { promotions, db } = options;

  app.get(
    '/report/',
    {
      config: { permission: 'promotions.view' },
      schema: {
        tags,
        summary:
          'Per promotion over Bishkek days (both included): charges, distinct users, kWh, turnover before the ' +
          'discount, discount and its average; totals; uses per day',
        description: REPORT_PERIOD_NOTE,
        querystring: ZPromotionReportQuery,
        response: { 200: ZPromotionReport, ...errors },
      },
    },
    async (request) => buildPromotionReport(db, request.query),
  );

  app.get(
    '/report/export/',
    {
      config: { permission: 'promotions.export' },
      schema: {
        tags,
        summary: `The promotions report as a download; ${EXPORT_NOTE}`,
        description: REPORT_PERIOD_NOTE,
        querystring: ZPromotionReportExportQuery,
        response: exportResponses,
      },
    },
    async (request, reply) => {
      const report = await buildPromotionReport(db, request.query);
      const { format } = request.query;
      const body = reportStream(report, request.language, format);
      const download: FastifyReply = reply;
      return download
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', reportAttachment(report, format))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/',
    {
      config: { permission: 'promotions.view' },
      schema: {
        tags,
        summary:
          'Promotions, newest first; search over the titles; active, validity (current, upcoming, ended), initiator ' +
          'and merchant filters',
        querystring: ZPromotionListQuery,
        response: { 200: ZPromotionPage, ...errors },
      },
    },
    async (request) => promotions.list(request.query),
  );

  app.post(
    '/',
    {
      config: { permission: 'promotions.create' },
      schema: {
        tags,
        summary: 'Creates a promotion with its image',
        description: `${multipartNote}; every field but merchant, stations, the minimums and status is required.`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBodySchema(PROMOTION_FORM, ZPromotionCreateFields, { required: [IMAGE_FIELD] }),
        response: { 201: ZPromotion, ...errors, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request, reply) => {
      const form = await readCreateForm(request);
      return reply.code(201).send(await promotions.create(form.fields, form.image, currentAccount(request)));
    },
  );

  bulkStatusRoute(fastify, {
    permission: 'promotions.status',
    tags,
    summary: 'Activates or deactivates promotions; an ended one is never activated.',
    record: ZPromotion,
    query: ZPromotionListQuery,
    byIds: (body, actor) => promotions.setStatuses(body, actor),
    byFilter: (body, actor) => promotions.setStatusesWhere(body, actor),
  });

  app.get(
    '/:id/',
    {
      config: { permission: 'promotions.view' },
      schema: {
        tags,
        summary: 'One promotion',
        params: ZIdParam,
        response: { 200: ZPromotion, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => promotions.get(request.params.id),
  );

  app.patch(
    '/:id/',
    {
      config: { permission: 'promotions.edit' },
      schema: {
        tags,
        summary: 'Changes a promotion; only the fields sent change, the rules hold for the result',
        description: `${multipartNote}; every field is optional, a new image replaces the old file.`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBodySchema(PROMOTION_FORM, ZPromotionUpdateFields),
        params: ZIdParam,
        response: { 200: ZPromotion, ...errors, 404: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request) => {
      const form = await readUpdateForm(request);
      return promotions.update(request.params.id, form.fields, form.image, currentAccount(request));
    },
  );

  app.delete(
    '/:id/',
    {
      config: { permission: 'promotions.delete' },
      schema: {
        tags,
        summary: 'Deletes an inactive promotion and its image; an active one answers 400 with an array of messages',
        params: ZIdParam,
        response: deleteWhenInactiveResponses,
      },
    },
    async (request, reply) => {
      await promotions.remove(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );
};
