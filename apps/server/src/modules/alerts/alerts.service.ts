import {
  ALERT_RULE_DEFAULTS,
  ALERT_RULES,
  type TAlertRule,
  type TAlertSeverity,
  type TIncidentEvent,
  type TLanguage,
  type TPaged,
} from '@zaryad/contracts';
import type {
  TAlertRuleList,
  TAlertRuleSetting,
  TAlertRuleUpdateBody,
  TIncident,
  TIncidentDetail,
  TIncidentFilter,
  TIncidentResolution,
} from '@zaryad/contracts/alerts-schemas';
import { aliasedTable, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors, notFound, type TMessage } from '../../http/api-errors';
import type { TActor } from '../../platform/audit';
import { bishkekDays } from '../../platform/bishkek-time';
import { allOf, descending, queryList } from '../../platform/list-query';
import { accounts, roles } from '../accounts';
import { recordAudit } from '../audit';
import { merchants } from '../merchants';
import { stationName, stations } from '../stations';
import { appUsers } from '../users';
import type { IncidentNotifier } from './alerts.evaluate';
import { recordIncidentEvent } from './alerts.incidents';
import { alertRules, incidentEvents, incidents } from './alerts.tables';

/** Where the service tells the bus of its changes: set by the domain's plugin once the bus exists. */
export interface AlertsRuntime {
  notify: IncidentNotifier | null;
}

const acknowledger = aliasedTable(accounts, 'acknowledger');
const assignee = aliasedTable(accounts, 'assignee');
const resolver = aliasedTable(accounts, 'resolver');

const named = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
const personName = (last: string | null, first: string | null, email: string | null) =>
  `${last ?? ''} ${first ?? ''}`.trim() || (email ?? '');

const incidentColumns = {
  row: incidents,
  stationNameRu: stations.nameRu,
  stationNameEn: stations.nameEn,
  stationNameKy: stations.nameKy,
  merchantName: merchants.name,
  userName: appUsers.name,
  ackLast: acknowledger.lastName,
  ackFirst: acknowledger.firstName,
  ackEmail: acknowledger.email,
  assigneeLast: assignee.lastName,
  assigneeFirst: assignee.firstName,
  assigneeEmail: assignee.email,
  resolverLast: resolver.lastName,
  resolverFirst: resolver.firstName,
  resolverEmail: resolver.email,
};

const selectIncidents = (db: Database) =>
  db
    .select(incidentColumns)
    .from(incidents)
    .leftJoin(stations, eq(stations.id, incidents.stationId))
    .leftJoin(merchants, eq(merchants.id, incidents.merchantId))
    .leftJoin(appUsers, eq(appUsers.id, incidents.userId))
    .leftJoin(acknowledger, eq(acknowledger.id, incidents.acknowledgedBy))
    .leftJoin(assignee, eq(assignee.id, incidents.assignedTo))
    .leftJoin(resolver, eq(resolver.id, incidents.resolvedBy));

type TIncidentRow = Awaited<ReturnType<ReturnType<typeof selectIncidents>['execute']>>[number];

const toIncident = (joined: TIncidentRow, language: TLanguage): TIncident => {
  const row = joined.row;
  return {
    id: row.id,
    rule: row.rule as TAlertRule,
    severity: row.severity as TAlertSeverity,
    status: row.status as TIncident['status'],
    station:
      row.stationId === null
        ? null
        : {
            id: row.stationId,
            name: stationName(
              {
                nameRu: joined.stationNameRu ?? '',
                nameEn: joined.stationNameEn ?? '',
                nameKy: joined.stationNameKy ?? '',
              },
              language,
            ),
          },
    connector_id: row.connectorId,
    charge_id: row.chargeId,
    user: named(row.userId, joined.userName),
    merchant: named(row.merchantId, joined.merchantName),
    details: row.details,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    count: row.count,
    acknowledged_by: named(row.acknowledgedBy, personName(joined.ackLast, joined.ackFirst, joined.ackEmail)),
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    acknowledged_note: row.acknowledgedNote,
    assigned_to: named(row.assignedTo, personName(joined.assigneeLast, joined.assigneeFirst, joined.assigneeEmail)),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: named(row.resolvedBy, personName(joined.resolverLast, joined.resolverFirst, joined.resolverEmail)),
    resolution: row.resolution as TIncidentResolution | null,
  };
};

const listConditions = (filter: TIncidentFilter) =>
  allOf(
    filter.status === undefined ? undefined : eq(incidents.status, filter.status),
    filter.open === undefined
      ? undefined
      : filter.open
        ? isNull(incidents.resolvedAt)
        : sql`${incidents.resolvedAt} is not null`,
    filter.rule === undefined ? undefined : eq(incidents.rule, filter.rule),
    filter.severity === undefined ? undefined : eq(incidents.severity, filter.severity),
    filter.merchant_id === undefined ? undefined : eq(incidents.merchantId, filter.merchant_id),
    filter.station_id === undefined ? undefined : eq(incidents.stationId, filter.station_id),
    filter.assigned_to === undefined ? undefined : eq(incidents.assignedTo, filter.assigned_to),
    ...bishkekDays(incidents.lastSeenAt, filter.period__from, filter.period__to),
  );

export interface AlertsService {
  rules(): Promise<TAlertRuleList>;
  updateRule(rule: TAlertRule, body: TAlertRuleUpdateBody, actor: TActor): Promise<TAlertRuleSetting>;
  list(filter: TIncidentFilter, language: TLanguage): Promise<TPaged<TIncident>>;
  get(id: number, language: TLanguage): Promise<TIncidentDetail>;
  acknowledge(id: number, note: string, actor: TActor, language: TLanguage): Promise<TIncidentDetail>;
  assign(id: number, accountId: number | null, actor: TActor, language: TLanguage): Promise<TIncidentDetail>;
  resolve(id: number, note: string, actor: TActor, language: TLanguage): Promise<TIncidentDetail>;
}

/** The thresholds a rule takes are its default's, all of them: any other is refused, a missing one required. */
const checkThresholds = (rule: TAlertRule, thresholds: TAlertRuleUpdateBody['thresholds']) => {
  const allowed = Object.keys(ALERT_RULE_DEFAULTS[rule].thresholds);
  const errors: Record<string, TMessage[]> = {};
  for (const [key, value] of Object.entries(thresholds)) {
    if (value !== undefined && !allowed.includes(key)) {
      errors[`thresholds.${key}`] = ['alert_threshold_not_used'];
    }
  }
  for (const key of allowed) {
    if ((thresholds as Record<string, unknown>)[key] === undefined) {
      errors[`thresholds.${key}`] = ['alert_threshold_required'];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new FieldErrors(errors);
  }
};

export const createAlertsService = (db: Database, runtime: AlertsRuntime): AlertsService => {
  const readRules = async (): Promise<TAlertRuleSetting[]> => {
    const rows = await db
      .select({ row: alertRules, last: accounts.lastName, first: accounts.firstName, email: accounts.email })
      .from(alertRules)
      .leftJoin(accounts, eq(accounts.id, alertRules.updatedBy));
    const byRule = new Map(rows.map((entry) => [entry.row.rule, entry]));
    return ALERT_RULES.map((rule) => {
      const fallback = ALERT_RULE_DEFAULTS[rule];
      const entry = byRule.get(rule);
      return {
        rule,
        enabled: entry?.row.enabled ?? fallback.enabled,
        severity: (entry?.row.severity as TAlertSeverity | undefined) ?? fallback.severity,
        thresholds: entry?.row.thresholds ?? fallback.thresholds,
        clears: fallback.clears,
        defaults: { enabled: fallback.enabled, severity: fallback.severity, thresholds: fallback.thresholds },
        updated_at: entry?.row.updatedAt?.toISOString() ?? null,
        updated_by: entry ? named(entry.row.updatedBy, personName(entry.last, entry.first, entry.email)) : null,
      };
    });
  };

  const get = async (id: number, language: TLanguage): Promise<TIncidentDetail> => {
    const [row] = await selectIncidents(db).where(eq(incidents.id, id)).limit(1);
    if (!row) {
      throw notFound();
    }
    const events = await db
      .select({ event: incidentEvents, last: accounts.lastName, first: accounts.firstName, email: accounts.email })
      .from(incidentEvents)
      .leftJoin(accounts, eq(accounts.id, incidentEvents.accountId))
      .where(eq(incidentEvents.incidentId, id))
      .orderBy(asc(incidentEvents.id));
    return {
      ...toIncident(row, language),
      events: events.map(({ event, last, first, email }) => ({
        id: event.id,
        event: event.event as TIncidentEvent,
        account: named(event.accountId, personName(last, first, email)),
        note: event.note,
        created_at: event.createdAt.toISOString(),
      })),
    };
  };

  /**
   * One person's change of an unresolved incident, with its event, audit entry and bus message in one transaction: a
   * resolved incident is refused (409), a missing one is 404.
   */
  const change = async (
    id: number,
    event: TIncidentEvent,
    values: Partial<typeof incidents.$inferInsert>,
    actor: TActor,
    note: string | null,
    after: object,
  ) => {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(incidents).where(eq(incidents.id, id)).for('update').limit(1);
      if (!current) {
        throw notFound();
      }
      if (current.resolvedAt !== null) {
        throw new ApiError(409, 'incident_resolved');
      }
      await tx.update(incidents).set(values).where(eq(incidents.id, id));
      const now = new Date();
      await recordIncidentEvent(tx, {
        incidentId: id,
        event,
        actor,
        note,
        before: { status: current.status, assigned_to: current.assignedTo },
        after,
        at: now,
      });
      await runtime.notify?.(tx, [{ incidentId: id, stationId: current.stationId }]);
    });
  };

  return {
    async rules() {
      return { items: await readRules() };
    },

    async updateRule(rule, body, actor) {
      checkThresholds(rule, body.thresholds);
      const before = (await readRules()).find((setting) => setting.rule === rule);
      const thresholds = Object.fromEntries(
        Object.entries(body.thresholds).filter(([, value]) => value !== undefined),
      ) as TAlertRuleUpdateBody['thresholds'];
      const now = new Date();
      await db.transaction(async (tx) => {
        const values = {
          enabled: body.enabled,
          severity: body.severity,
          thresholds,
          updatedBy: actor.id,
          updatedAt: now,
        };
        await tx
          .insert(alertRules)
          .values({ rule, ...values })
          .onConflictDoUpdate({ target: alertRules.rule, set: values });
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'alert_rule',
          entityId: rule,
          before: before && { enabled: before.enabled, severity: before.severity, thresholds: before.thresholds },
          after: { enabled: body.enabled, severity: body.severity, thresholds },
        });
      });
      const saved = (await readRules()).find((setting) => setting.rule === rule);
      if (!saved) {
        throw notFound();
      }
      return saved;
    },

    async list(filter, language) {
      const source = {
        table: incidents,
        id: incidents.id,
        where: listConditions(filter),
        order: descending(incidents.lastSeenAt, incidents.id),
      };
      return queryList(db, source, filter, async (ids) =>
        (await selectIncidents(db).where(inArray(incidents.id, ids))).map((row) => toIncident(row, language)),
      );
    },

    get,

    async acknowledge(id, note, actor, language) {
      const now = new Date();
      await change(
        id,
        'acknowledged',
        { status: 'acknowledged', acknowledgedBy: actor.id, acknowledgedAt: now, acknowledgedNote: note || null },
        actor,
        note,
        { status: 'acknowledged', note: note || null },
      );
      return get(id, language);
    },

    async assign(id, accountId, actor, language) {
      if (accountId !== null) {
        const [account] = await db
          .select({ id: accounts.id })
          .from(accounts)
          .innerJoin(roles, eq(roles.id, accounts.roleId))
          .where(
            and(eq(accounts.id, accountId), eq(accounts.status, 0), sql`'alerts.view' = any(${roles.permissions})`),
          )
          .limit(1);
        if (!account) {
          throw new FieldErrors({ account_id: ['incident_assignee_invalid'] });
        }
      }
      await change(id, 'assigned', { assignedTo: accountId }, actor, null, { assigned_to: accountId });
      return get(id, language);
    },

    async resolve(id, note, actor, language) {
      await change(
        id,
        'resolved',
        { status: 'resolved', resolvedAt: new Date(), resolvedBy: actor.id, resolution: 'manual' },
        actor,
        note,
        { status: 'resolved', resolution: 'manual', note: note || null },
      );
      return get(id, language);
    },
  };
};
