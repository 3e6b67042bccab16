import { randomBytes } from 'node:crypto';
import type { TWebhook, TWebhookBody, TWebhookDelivery } from '@zaryad/contracts/notifications';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notFound } from '../../http/api-errors';
import type { TActor } from '../../platform/audit';
import { recordAudit } from '../audit';
import type { NotificationPayload } from './notifications.render';
import { notificationDeliveries, webhooks } from './notifications.tables';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof notificationDeliveries.$inferSelect;

export const newWebhookSecret = () => randomBytes(24).toString('base64url');

/** What the audit log keeps of a webhook (docs/design.md#4-api-conventions); the secret reads "changed" there. */
const auditedFields = (row: WebhookRow) => ({
  name: row.name,
  url: row.url,
  secret: row.secret,
  rules: row.rules,
  enabled: row.enabled,
});

const toDelivery = (row: DeliveryRow): TWebhookDelivery => ({
  id: row.id,
  event: row.kind,
  incident_id: row.kind === 'test' ? null : ((row.payload as NotificationPayload).incidentId ?? null),
  status: row.status as TWebhookDelivery['status'],
  attempts: row.attempts,
  status_code: row.statusCode,
  duration_ms: row.durationMs,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt?.toISOString() ?? null,
  next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
});

/** Outgoing webhooks (alerts.manage): the list, the form, the delivery log and the test delivery. */
export const createWebhooksService = (db: Database) => {
  const lastDeliveries = async (ids: number[]) => {
    if (ids.length === 0) {
      return new Map<number, DeliveryRow>();
    }
    const rows = await db
      .selectDistinctOn([notificationDeliveries.webhookId])
      .from(notificationDeliveries)
      .where(inArray(notificationDeliveries.webhookId, ids))
      .orderBy(notificationDeliveries.webhookId, desc(notificationDeliveries.id));
    return new Map(rows.map((row) => [row.webhookId ?? 0, row]));
  };

  const toWebhook = (row: WebhookRow, last: DeliveryRow | undefined): TWebhook => ({
    id: row.id,
    name: row.name,
    url: row.url,
    secret: row.secret,
    rules: row.rules as TWebhook['rules'],
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_delivery: last
      ? {
          status: last.status as TWebhookDelivery['status'],
          status_code: last.statusCode,
          at: (last.sentAt ?? last.createdAt).toISOString(),
        }
      : null,
  });

  const get = async (id: number) => {
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
    if (!row) {
      throw notFound();
    }
    return toWebhook(row, (await lastDeliveries([id])).get(id));
  };

  return {
    async list() {
      const rows = await db.select().from(webhooks).orderBy(webhooks.name, webhooks.id);
      const last = await lastDeliveries(rows.map((row) => row.id));
      return { items: rows.map((row) => toWebhook(row, last.get(row.id))) };
    },
    get,
    async create(body: TWebhookBody, actor: TActor) {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(webhooks)
          .values({
            name: body.name,
            url: body.url,
            secret: body.secret ?? newWebhookSecret(),
            rules: [...new Set(body.rules)],
            enabled: body.enabled,
          })
          .returning();
        const webhook = created as WebhookRow;
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'webhook',
          entityId: webhook.id,
          after: auditedFields(webhook),
        });
        return webhook;
      });
      return toWebhook(row, undefined);
    },
    async update(id: number, body: TWebhookBody, actor: TActor) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(webhooks).where(eq(webhooks.id, id)).for('update');
        if (!before) {
          throw notFound();
        }
        const [after] = await tx
          .update(webhooks)
          .set({
            name: body.name,
            url: body.url,
            rules: [...new Set(body.rules)],
            enabled: body.enabled,
            ...(body.secret ? { secret: body.secret } : {}),
            updatedAt: new Date(),
          })
          .where(eq(webhooks.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'webhook',
          entityId: id,
          before: auditedFields(before),
          after: auditedFields(after as WebhookRow),
        });
      });
      return get(id);
    },
    async remove(id: number, actor: TActor) {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning();
        if (!removed) {
          throw notFound();
        }
        await recordAudit(tx, { actor, action: 'delete', entity: 'webhook', entityId: id, before: auditedFields(removed) });
      });
    },
    async deliveries(id: number, query: { page: number; size: number }) {
      await get(id);
      const where = eq(notificationDeliveries.webhookId, id);
      const [total] = await db.select({ value: count() }).from(notificationDeliveries).where(where);
      const rows = await db
        .select()
        .from(notificationDeliveries)
        .where(where)
        .orderBy(desc(notificationDeliveries.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const totalCount = total?.value ?? 0;
      return {
        items: rows.map(toDelivery),
        page: query.page,
        pages: Math.max(1, Math.ceil(totalCount / query.size)),
        size: query.size,
        total: totalCount,
      };
    },
    /** Queues a `test` delivery (sent by the worker, retried as any other); answers it as the log shows it. */
    async test(id: number) {
      await get(id);
      const [row] = await db
        .insert(notificationDeliveries)
        .values({ channel: 'webhook', webhookId: id, kind: 'test', payload: {} })
        .returning();
      return toDelivery(row as DeliveryRow);
    },
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;
