import { LIVE_INCIDENTS_LIMIT, type TLanguage, type TLiveDelta, type TLiveIncident } from '@zaryad/contracts';
import { count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { incidents } from '../alerts';
import { stations } from '../stations';

/** The open incidents the board lists, and the changed ones a delta carries (the alerts domain's `incidents`). */
export interface LiveIncidentsReader {
  open(language: TLanguage): Promise<{ items: TLiveIncident[]; total: number }>;
  byIds(ids: number[], language: TLanguage): Promise<TLiveDelta['incidents']>;
}

const nameColumn = (language: TLanguage) =>
  language === 'en' ? stations.nameEn : language === 'ky' ? stations.nameKy : stations.nameRu;

/** Open is unresolved (open or acknowledged): at most one per rule, station, connector and charge. */
const OPEN = isNull(incidents.resolvedAt);

export const liveIncidents = (db: Database): LiveIncidentsReader => {
  const select = (language: TLanguage) =>
    db
      .select({ incident: incidents, stationName: nameColumn(language) })
      .from(incidents)
      .leftJoin(stations, eq(stations.id, incidents.stationId));
  const toIncident = (row: { incident: typeof incidents.$inferSelect; stationName: string | null }): TLiveIncident => ({
    id: row.incident.id,
    rule: row.incident.rule,
    severity: row.incident.severity,
    status: row.incident.status,
    station: row.incident.stationId === null ? null : { id: row.incident.stationId, name: row.stationName ?? '' },
    connector_id: row.incident.connectorId,
    charge_id: row.incident.chargeId,
    first_seen_at: row.incident.firstSeenAt.toISOString(),
    last_seen_at: row.incident.lastSeenAt.toISOString(),
    count: row.incident.count,
  });
  return {
    async open(language) {
      const [rows, [total]] = await Promise.all([
        select(language)
          .where(OPEN)
          .orderBy(desc(incidents.lastSeenAt), desc(incidents.id))
          .limit(LIVE_INCIDENTS_LIMIT),
        db.select({ value: count() }).from(incidents).where(OPEN),
      ]);
      return { items: rows.map(toIncident), total: Number(total?.value ?? 0) };
    },
    async byIds(ids, language) {
      const rows = await select(language).where(inArray(incidents.id, ids));
      const found = new Map(rows.map((row) => [row.incident.id, row]));
      return ids.map((id) => {
        const row = found.get(id);
        const isOpen = row !== undefined && row.incident.resolvedAt === null;
        return { id, open: isOpen, incident: isOpen ? toIncident(row) : null };
      });
    },
  };
};
