import { ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import {
  ZAnalytics,
  ZAnalyticsGraph,
  ZAnalyticsQuery,
  ZNews,
  ZNewsBody,
  ZTimeline,
  ZTimelineQuery,
} from '@zaryad/contracts/analytics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentAccount } from '../../http/auth';
import type { AnalyticsService } from './analytics.service';
import type { NewsService } from './news.service';
import { readTimeline } from './timeline.sources';

export interface AnalyticsRoutesOptions {
  db: Database;
  analytics: AnalyticsService;
  news: NewsService;
}

const tags = ['analytics'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const periodNote =
  'period day, week (ISO, Monday first), month or year of Asia/Bishkek calendar days (day when absent), containing ' +
  'date (YYYY-MM-DD, today when absent, never in the future); merchant: that merchant only';

/** /api/v1/analytics/: the home dashboard's figures, its charts, its timeline and the news. */
export const analyticsRoutes = async (fastify: FastifyInstance, options: AnalyticsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, analytics, news } = options;

  app.get(
    '/',
    {
      config: { permission: 'analytics.view' },
      schema: {
        tags,
        summary: 'The dashboard figures of a period, each with the previous period and the change in percent',
        description:
          `${periodNote}. A period that contains now (in_progress) counts up to the end of now's minute (until, exclusive), and is ` +
          'compared with the previous period cut at the same time elapsed since its start (previous_until; at most ' +
          'the whole previous period: March 31st against the whole of February); a past period is compared whole with ' +
          'the whole previous one. new_users: the users registered in the period (their registration date and time, ' +
          'as GET /users/?registration_date__from= reads it); with merchant, those of them whose first delivered charge ' +
          'in the network (so far; the smaller merchant id of two at one instant) was at that merchant, the users it ' +
          'brought. Merchants, stations and connectors: added by the cut; active: active now.',
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalytics, ...errors },
      },
    },
    async (request) => analytics.summary(request.query),
  );

  app.get(
    '/graph/',
    {
      config: { permission: 'analytics.view' },
      schema: {
        tags,
        summary:
          'Series over the period (hours of a day, days of a week or month, months of a year), by weekday, by hour ' +
          'of day and the weekday x hour grid',
        description: periodNote,
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalyticsGraph, ...errors },
      },
    },
    async (request) => analytics.graph(request.query),
  );

  app.get(
    '/timeline/',
    {
      config: { permission: 'analytics.view' },
      schema: {
        tags,
        summary:
          'The news timeline: posted news and network events (merchant or station added, record day), newest first; ' +
          'next_before is the next page\'s "before"',
        querystring: ZTimelineQuery,
        response: { 200: ZTimeline, ...errors },
      },
    },
    async (request) =>
      readTimeline(db, {
        before: request.query.before ? new Date(request.query.before) : new Date(),
        size: request.query.size,
        language: request.language,
      }),
  );

  app.post(
    '/news/',
    {
      config: { permission: 'news.create' },
      schema: {
        tags,
        summary: 'Posts a news item (titles required in ru, en and ky); the signed-in account is its author',
        body: ZNewsBody,
        response: { 201: ZNews, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await news.create(request.body, currentAccount(request))),
  );

  app.get(
    '/news/:id/',
    {
      config: { permission: 'news.view' },
      schema: { tags, summary: 'A news item', params: ZIdParam, response: { 200: ZNews, ...errors, 404: ZErrorBody } },
    },
    async (request) => news.get(request.params.id),
  );

  app.patch(
    '/news/:id/',
    {
      config: { permission: 'news.edit' },
      schema: {
        tags,
        summary: 'Edits a news item (the whole item)',
        params: ZIdParam,
        body: ZNewsBody,
        response: { 200: ZNews, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => news.update(request.params.id, request.body, currentAccount(request)),
  );

  app.delete(
    '/news/:id/',
    {
      config: { permission: 'news.delete' },
      schema: {
        tags,
        summary: 'Deletes a news item',
        params: ZIdParam,
        response: { 204: z.null(), ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await news.remove(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );
};
