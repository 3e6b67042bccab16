/**
 * A connector as the station will hold it, before numbering: `evseId` and `connectorId` are the client's (or the
 * stored) numbers and only give the order; `numberConnectors` turns them into the stored numbering.
 */
export interface TConnectorDraft {
  /** The stored connector's id; absent for a new one. */
  id?: number | undefined;
  evseId: number;
  connectorId: number;
  evseLabel: string | undefined;
  typo: string;
  position: number;
  powerKwh: number;
  cableLength: number | null;
  customFee: string | null;
  /** Its personal rate (tariffs II), or null. */
  rateId: number | null;
  /** Where the connector came from in the request (for error paths); absent for stored ones left as they were. */
  requestIndex?: number | undefined;
}

export interface TNumberedModule {
  /** The module's number as the client (or the database) gave it: used to find the stored module again. */
  sourceEvseId: number;
  evseId: number;
  label: string | undefined;
  connectors: (TConnectorDraft & { evseId: number; connectorId: number; ocpp16Id: number })[];
}

/**
 * docs/product/stations.md#4-states-and-rules: modules are numbered from 1 without gaps (in their given order), connectors from 1 within a
 * module, ocpp_16_id from 1 across the station in module then connector order. Ties keep the stored connectors
 * first, then the request order, so that the answer is the same however the client numbered.
 */
export const numberConnectors = (drafts: readonly TConnectorDraft[]): TNumberedModule[] => {
  const bySource = new Map<number, TConnectorDraft[]>();
  for (const draft of drafts) {
    bySource.set(draft.evseId, [...(bySource.get(draft.evseId) ?? []), draft]);
  }
  let ocpp16Id = 0;
  return [...bySource.keys()]
    .sort((a, b) => a - b)
    .map((sourceEvseId, moduleIndex) => {
      const members = (bySource.get(sourceEvseId) ?? [])
        .slice()
        .sort(
          (a, b) =>
            a.connectorId - b.connectorId ||
            (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER) ||
            (a.requestIndex ?? 0) - (b.requestIndex ?? 0),
        );
      const evseId = moduleIndex + 1;
      return {
        sourceEvseId,
        evseId,
        label: members.find((member) => member.evseLabel !== undefined && member.evseLabel !== '')?.evseLabel,
        connectors: members.map((member, index) => {
          ocpp16Id += 1;
          return { ...member, evseId, connectorId: index + 1, ocpp16Id };
        }),
      };
    });
};

/** Indexes (in `drafts`) of connectors whose position another connector of the station already has. */
export const positionConflicts = (drafts: readonly TConnectorDraft[]): TConnectorDraft[] => {
  const byPosition = new Map<number, TConnectorDraft[]>();
  for (const draft of drafts) {
    byPosition.set(draft.position, [...(byPosition.get(draft.position) ?? []), draft]);
  }
  return [...byPosition.values()].filter((group) => group.length > 1).flat();
};
