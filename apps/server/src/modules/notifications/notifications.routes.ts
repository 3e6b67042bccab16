import { translateMessage, ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import {
  ZNotificationListQuery,
  ZNotificationPage,
  ZNotificationPreferences,
  ZNotificationPreferencesBody,
  ZNotificationReadBody,
  ZNotificationReadResult,
  ZTelegramLink,
  ZWebhook,
  ZWebhookBody,
  ZWebhookDelivery,
  ZWebhookDeliveryPage,
  ZWebhookDeliveryQuery,
  ZWebhookList,
} from '@zaryad/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { openEventStream, openingOnly, wantsEventStream } from '../../platform/event-stream';
import { currentAccount } from '../../http/auth';
import type { NotificationBus } from './notifications.bus';
import type { NotificationsService } from './notifications.service';
import type { NotificationWorker } from './notifications.worker';
import type { WebhooksService } from './webhooks.service';

export interface NotificationsRuntime {
  bus: NotificationBus | null;
  worker: NotificationWorker | null;
  /** Open event streams, ended when the app closes. */
  streams: Set<ServerResponse>;
}

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  webhooks: WebhooksService;
  runtime: NotificationsRuntime;
}

const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const signedIn = { permission: 'signed_in' } as const;
const manage = { permission: 'alerts.manage' } as const;

/** /api/v1/notifications/: the signed-in account's notifications, their live stream, its preferences and Telegram. */
export const notificationsRoutes = async (fastify: FastifyInstance, options: NotificationsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { notifications, runtime } = options;
  const tags = ['notifications'];

  app.get(
    '/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The account's in-app notifications, newest first, with its unread count (unread=true: only those)",
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationPage, ...errors },
      },
    },
    async (request) => notifications.list(currentAccount(request).id, request.query, request.language),
  );

  app.post(
    '/read/',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Marks notifications read: {"ids": [...]} (the account\'s own) or {"all": true}; answers the unread count',
        body: ZNotificationReadBody,
        response: { 200: ZNotificationReadResult, ...errors },
      },
    },
    async (request) => notifications.markRead(currentAccount(request).id, request.body),
  );

  app.get(
    '/events/',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Server-sent events: `data: <notification>` (as the list shows it) for each new notification of the account',
        description:
          'Streams while the request accepts text/event-stream; any other request gets the opening comment and the end of the stream at once.',
        produces: ['text/event-stream'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      if (!wantsEventStream(request)) {
        return openingOnly(reply);
      }
      const accountId = currentAccount(request).id;
      const language = request.language;
      // Heard only once the stream below is open: the bus delivers on a later turn.
      const unsubscribe = runtime.bus?.subscribe((signal) => {
        if (signal.accountId !== accountId) {
          return;
        }
        void notifications
          .one(accountId, signal.notificationId, language)
          .then((item) => {
            if (item && !response.writableEnded) {
              response.write(`data: ${JSON.stringify(item)}\n\n`);
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'notification not streamed'));
      });
      const response = openEventStream(request, reply, () => {
        unsubscribe?.();
        runtime.streams.delete(response);
      });
      runtime.streams.add(response);
    },
  );

  app.get(
    '/preferences/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The account's notification preferences (the defaults until saved) and its Telegram link's state",
        response: { 200: ZNotificationPreferences, ...errors },
      },
    },
    async (request) => notifications.preferences(currentAccount(request).id),
  );

  app.put(
    '/preferences/',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Saves the preferences; e-mails and Telegram messages are then written in the language of this request',
        body: ZNotificationPreferencesBody,
        response: { 200: ZNotificationPreferences, ...errors },
      },
    },
    async (request) => notifications.savePreferences(currentAccount(request).id, request.body, request.language),
  );

  app.post(
    '/telegram/link/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'A one-time code (15 minutes) to send the bot as `/start <code>`; 409 when the server has no bot',
        response: { 200: ZTelegramLink, ...errors, 409: ZErrorBody },
      },
    },
    async (request) => notifications.telegramLink(currentAccount(request).id, request.language),
  );

  app.delete(
    '/telegram/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Unlinks the account's Telegram chat (404 when none is linked)",
        response: { 204: z.null(), ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await notifications.telegramUnlink(currentAccount(request).id);
      return reply.code(204).send(null);
    },
  );
};

/** /api/v1/webhooks/: the network's outgoing webhooks (alerts.manage), their delivery log and a test delivery. */
export const webhooksRoutes = async (fastify: FastifyInstance, options: NotificationsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { webhooks, runtime } = options;
  const tags = ['webhooks'];

  app.get(
    '/',
    {
      config: manage,
      schema: { tags, summary: 'Every webhook with its last delivery', response: { 200: ZWebhookList, ...errors } },
    },
    async () => webhooks.list(),
  );

  app.post(
    '/',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Adds a webhook; without a secret the server makes one (X-Zaryad-Signature: sha256=<HMAC-SHA256 of the body>)',
        body: ZWebhookBody,
        response: { 201: ZWebhook, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(request.body, currentAccount(request))),
  );

  app.get(
    '/:id/',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One webhook',
        params: ZIdParam,
        response: { 200: ZWebhook, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => webhooks.get(request.params.id),
  );

  app.put(
    '/:id/',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Changes a webhook (the secret only when one is sent)',
        params: ZIdParam,
        body: ZWebhookBody,
        response: { 200: ZWebhook, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => webhooks.update(request.params.id, request.body, currentAccount(request)),
  );

  app.delete(
    '/:id/',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Deletes a webhook and its delivery log',
        params: ZIdParam,
        response: { 204: z.null(), ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await webhooks.remove(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/deliveries/',
    {
      config: manage,
      schema: {
        tags,
        summary: "A webhook's delivery log, newest first: status, attempts, HTTP status code, duration, last error",
        params: ZIdParam,
        querystring: ZWebhookDeliveryQuery,
        response: { 200: ZWebhookDeliveryPage, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => webhooks.deliveries(request.params.id, request.query),
  );

  app.post(
    '/:id/test/',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Queues a test delivery (`{"event": "test"}`, signed) and answers it; its outcome shows in the log',
        params: ZIdParam,
        response: { 201: ZWebhookDelivery.extend({ detail: z.string() }), ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const delivery = await webhooks.test(request.params.id);
      runtime.worker?.nudge();
      return reply.code(201).send({ ...delivery, detail: translateMessage('webhook_test_queued', request.language) });
    },
  );
};
