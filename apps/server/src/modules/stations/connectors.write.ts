import type { TConnectorInput, ZConnectorInput } from '@zaryad/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { numberConnectors, type TConnectorDraft } from './connector-numbering';
import { evseModules, stationConnectors } from './stations.tables';

export type TConnectorParsed = z.output<typeof ZConnectorInput>;
export type { TConnectorInput };

type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A connector of a request as a draft; `requestIndex` lets errors point at the entry the client sent. */
export const draftFromInput = (input: TConnectorParsed, requestIndex: number): TConnectorDraft => ({
  id: input.id,
  evseId: input.evse_id,
  connectorId: input.connector_id,
  evseLabel: input.evse_label,
  typo: input.typo,
  position: input.position,
  powerKwh: input.power_kWh,
  cableLength: input.cable_length,
  customFee: input.custom_fee,
  rateId: input.rate_id,
  requestIndex,
});

/** The stored connectors of a station as drafts, with their module's label. */
export const storedDrafts = async (db: Pick<Database, 'select'>, stationId: number): Promise<TConnectorDraft[]> => {
  const rows = await db
    .select({ connector: stationConnectors, label: evseModules.label })
    .from(stationConnectors)
    .innerJoin(evseModules, eq(evseModules.id, stationConnectors.evseModuleId))
    .where(eq(stationConnectors.stationId, stationId))
    .orderBy(asc(stationConnectors.ocpp16Id));
  return rows.map(({ connector, label }) => ({
    id: connector.id,
    evseId: connector.evseId,
    connectorId: connector.connectorId,
    evseLabel: label,
    typo: connector.typo,
    position: connector.position,
    powerKwh: Number(connector.powerKwh),
    cableLength: connector.cableLength,
    customFee: connector.customFee,
    rateId: connector.rateId,
  }));
};

/**
 * Makes a station's modules and connectors exactly `drafts`, numbered (connector-numbering.ts). Stored connectors
 * keep their ids (charges refer to them); a module keeps its row when its number survives; connectors not in
 * `drafts` and modules left empty are removed. Run inside the caller's transaction.
 */
export const writeConnectors = async (tx: Writer, stationId: number, drafts: readonly TConnectorDraft[]) => {
  const keptIds = drafts.flatMap((draft) => (draft.id === undefined ? [] : [draft.id]));
  const stored = await tx
    .select({ id: stationConnectors.id })
    .from(stationConnectors)
    .where(eq(stationConnectors.stationId, stationId));
  const removed = stored.map((row) => row.id).filter((id) => !keptIds.includes(id));
  if (removed.length > 0) {
    await tx.delete(stationConnectors).where(inArray(stationConnectors.id, removed));
  }
  const modules = await tx.select().from(evseModules).where(eq(evseModules.stationId, stationId));
  const unclaimed = new Map(modules.map((module) => [module.evseId, module]));
  const usedModuleIds = new Set<number>();
  for (const numbered of numberConnectors(drafts)) {
    const existing = unclaimed.get(numbered.sourceEvseId);
    let moduleId: number;
    if (existing) {
      unclaimed.delete(numbered.sourceEvseId);
      moduleId = existing.id;
      await tx
        .update(evseModules)
        .set({ evseId: numbered.evseId, ...(numbered.label !== undefined && { label: numbered.label }) })
        .where(eq(evseModules.id, existing.id));
    } else {
      const [created] = await tx
        .insert(evseModules)
        .values({ stationId, evseId: numbered.evseId, label: numbered.label ?? '' })
        .returning({ id: evseModules.id });
      if (!created) {
        throw new Error('module insert returned no row');
      }
      moduleId = created.id;
    }
    usedModuleIds.add(moduleId);
    for (const connector of numbered.connectors) {
      const values = {
        stationId,
        evseModuleId: moduleId,
        evseId: connector.evseId,
        connectorId: connector.connectorId,
        ocpp16Id: connector.ocpp16Id,
        typo: connector.typo,
        position: connector.position,
        powerKwh: String(connector.powerKwh),
        cableLength: connector.cableLength,
        customFee: connector.customFee,
        rateId: connector.rateId,
      };
      if (connector.id === undefined) {
        await tx.insert(stationConnectors).values(values);
      } else {
        await tx.update(stationConnectors).set(values).where(eq(stationConnectors.id, connector.id));
      }
    }
  }
  const emptyModules = modules.filter((module) => !usedModuleIds.has(module.id)).map((module) => module.id);
  if (emptyModules.length > 0) {
    await tx.delete(evseModules).where(inArray(evseModules.id, emptyModules));
  }
};
