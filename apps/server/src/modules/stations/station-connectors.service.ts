import type { TLanguage, TStation, ZStationConnectorsBody } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FieldErrors, type TMessage } from '../../http/api-errors';
import { recordAudit, type TActor } from '../audit';
import type { FileStorage } from '../media';
import { positionConflicts, type TConnectorDraft } from './connector-numbering';
import { draftFromInput, storedDrafts, writeConnectors } from './connectors.write';
import { findStationRecord, loadStation } from './stations.read';
import { checkReferences } from './stations.references';
import { stations } from './stations.tables';

export type TStationConnectorsChange = z.output<typeof ZStationConnectorsBody>;

/**
 * PATCH /stations/update/{id}/connectors/: connectors with an id are edited, without one created, those in
 * deleted_conns_ids removed; then the whole station is renumbered. Positions must stay unique across the station
 * and at least one connector must remain.
 */
export const changeStationConnectors = async (
  db: Database,
  storage: FileStorage,
  id: number,
  change: TStationConnectorsChange,
  actor: TActor,
  language: TLanguage,
): Promise<TStation> => {
  await findStationRecord(db, id);
  const errors: Record<string, TMessage[]> = await checkReferences(db, {
    connectorTypes: change.connectors.map((connector, index) => ({
      index,
      typo: connector.typo,
      rateId: connector.rate_id,
    })),
  });
  await db.transaction(async (tx) => {
    // Locks the station: two connector edits renumber one after the other.
    await tx.select({ id: stations.id }).from(stations).where(eq(stations.id, id)).for('update');
    const stored = await storedDrafts(tx, id);
    const storedIds = new Set(stored.map((draft) => draft.id));
    const deleted = new Set(change.deleted_conns_ids);
    if ([...deleted].some((connectorId) => !storedIds.has(connectorId))) {
      errors.deleted_conns_ids = ['invalid_choice'];
    }
    const edited = new Map<number, TConnectorDraft>();
    change.connectors.forEach((connector, index) => {
      if (connector.id === undefined) {
        return;
      }
      if (!storedIds.has(connector.id) || deleted.has(connector.id) || edited.has(connector.id)) {
        errors[`connectors.${index}.id`] = ['invalid_choice'];
        return;
      }
      edited.set(connector.id, draftFromInput(connector, index));
    });
    const created = change.connectors.flatMap((connector, index) =>
      connector.id === undefined ? [draftFromInput(connector, index)] : [],
    );
    const drafts = [
      ...stored
        .filter((draft) => draft.id !== undefined && !deleted.has(draft.id))
        .map((draft) => (draft.id !== undefined && edited.get(draft.id)) || draft),
      ...created,
    ];
    for (const conflict of positionConflicts(drafts)) {
      if (conflict.requestIndex !== undefined) {
        errors[`connectors.${conflict.requestIndex}.position`] = ['connector_position_duplicate'];
      }
    }
    if (drafts.length === 0) {
      errors.connectors = ['connectors_required'];
    }
    if (Object.keys(errors).length > 0) {
      throw new FieldErrors(errors);
    }
    await writeConnectors(tx, id, drafts);
    await tx.update(stations).set({ updatedAt: new Date() }).where(eq(stations.id, id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'station',
      entityId: id,
      after: { connectors: change.connectors, deleted_conns_ids: change.deleted_conns_ids },
    });
  });
  return loadStation(db, id, language, storage);
};
