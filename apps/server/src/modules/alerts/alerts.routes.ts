import { ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import {
  ZAlertRuleList,
  ZAlertRuleParam,
  ZAlertRuleSetting,
  ZAlertRuleUpdateBody,
  ZIncidentAssignBody,
  ZIncidentDetail,
  ZIncidentListQuery,
  ZIncidentNoteBody,
  ZIncidentPage,
} from '@zaryad/contracts/alerts-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import type { AlertsService } from './alerts.service';

export interface AlertsRoutesOptions {
  alerts: AlertsService;
}

const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** /api/v1/alerts/rules/ and /api/v1/incidents/ (docs/product/alerts.md, section 6). */
export const alertsRoutes = async (fastify: FastifyInstance, options: AlertsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { alerts } = options;

  app.get(
    '/alerts/rules/',
    {
      config: { permission: 'alerts.view' },
      schema: {
        tags: ['alerts'],
        summary:
          'Every alert rule with its settings (enabled, severity, thresholds), whether it clears by itself, its defaults',
        response: { 200: ZAlertRuleList, ...errors },
      },
    },
    async () => alerts.rules(),
  );

  app.put(
    '/alerts/rules/:rule/',
    {
      config: { permission: 'alerts.manage' },
      schema: {
        tags: ['alerts'],
        summary:
          "Sets one rule: enabled, severity and exactly the thresholds it takes (its defaults' keys) within ALERT_THRESHOLD_LIMITS",
        params: ZAlertRuleParam,
        body: ZAlertRuleUpdateBody,
        response: { 200: ZAlertRuleSetting, ...errors },
      },
    },
    async (request) => alerts.updateRule(request.params.rule, request.body, currentAccount(request)),
  );

  app.get(
    '/incidents/',
    {
      config: { permission: 'alerts.view' },
      schema: {
        tags: ['incidents'],
        summary:
          'Incidents, last seen first; filters status, open (unresolved), rule, severity, merchant_id, station_id, assigned_to, period__from/period__to (Bishkek days of the last time seen)',
        querystring: ZIncidentListQuery,
        response: { 200: ZIncidentPage, ...errors },
      },
    },
    async (request) => alerts.list(request.query, request.language),
  );

  app.get(
    '/incidents/:id/',
    {
      config: { permission: 'alerts.view' },
      schema: {
        tags: ['incidents'],
        summary: 'One incident with its events, oldest first',
        params: ZIdParam,
        response: { 200: ZIncidentDetail, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => alerts.get(request.params.id, request.language),
  );

  app.post(
    '/incidents/:id/acknowledge/',
    {
      config: { permission: 'alerts.edit' },
      schema: {
        tags: ['incidents'],
        summary: 'Acknowledges an unresolved incident (who, when, the note); 409 once resolved',
        params: ZIdParam,
        body: ZIncidentNoteBody,
        response: { 200: ZIncidentDetail, ...errors, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      alerts.acknowledge(request.params.id, request.body.note, currentAccount(request), request.language),
  );

  app.post(
    '/incidents/:id/assign/',
    {
      config: { permission: 'alerts.edit' },
      schema: {
        tags: ['incidents'],
        summary:
          'Assigns an unresolved incident to an active account that may see incidents, or unassigns it (null); 409 once resolved',
        params: ZIdParam,
        body: ZIncidentAssignBody,
        response: { 200: ZIncidentDetail, ...errors, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      alerts.assign(request.params.id, request.body.account_id, currentAccount(request), request.language),
  );

  app.post(
    '/incidents/:id/resolve/',
    {
      config: { permission: 'alerts.edit' },
      schema: {
        tags: ['incidents'],
        summary: 'Resolves an incident by hand (resolution manual, the note); 409 when already resolved',
        params: ZIdParam,
        body: ZIncidentNoteBody,
        response: { 200: ZIncidentDetail, ...errors, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => alerts.resolve(request.params.id, request.body.note, currentAccount(request), request.language),
  );
};
