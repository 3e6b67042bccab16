import type { TConnectorInput, TEvseModule } from '@zaryad/contracts';

/** A connector as the form holds it; `id` is the stored connector's (absent until the station is saved). */
export type TConnectorDraft = {
  id?: number;
  evse_id: number;
  connector_id: number;
  /** 0 while the connector modal creates one (docs/product/stations.md#4-states-and-rules: non-zero means edit). */
  ocpp_16_id: number;
  typo: string;
  position: number;
  power_kWh: number;
  cable_length: number | null;
  custom_fee: string | null;
  /** A personal rate of its type (tariffs II), or null; `rate_name` names it on the card. */
  rate_id: number | null;
  rate_name?: string | null;
};

export type TModuleDraft = { evse_id: number; label: string; connectors: TConnectorDraft[] };

/** The modules section's state: the modules and, on edit, the stored connectors the operator removed. */
export type TModulesState = { modules: TModuleDraft[]; deletedConnectorIds: number[] };

export const DEFAULT_CONNECTOR: Omit<TConnectorDraft, 'evse_id' | 'connector_id' | 'ocpp_16_id' | 'typo'> = {
  position: 1,
  power_kWh: 0,
  cable_length: null,
  custom_fee: null,
  rate_id: null,
};

export const emptyModulesState = (): TModulesState => ({ modules: [], deletedConnectorIds: [] });

/**
 * The numbering the server keeps (docs/product/stations.md#4-states-and-rules): modules from 1 in their order, connectors from 1 within a
 * module in connector_id order, ocpp_16_id from 1 across the station. Renumbering after every change keeps
 * what the form shows equal to what the station will hold.
 */
export const renumber = (modules: readonly TModuleDraft[]): TModuleDraft[] => {
  let ocpp16Id = 0;
  return modules.map((module, moduleIndex) => {
    const evseId = moduleIndex + 1;
    const sorted = [...module.connectors].sort((a, b) => a.connector_id - b.connector_id);
    return {
      ...module,
      evse_id: evseId,
      connectors: sorted.map((connector, index) => {
        ocpp16Id += 1;
        return { ...connector, evse_id: evseId, connector_id: index + 1, ocpp_16_id: ocpp16Id };
      }),
    };
  });
};

export const addModule = (state: TModulesState): TModulesState => ({
  ...state,
  modules: [...state.modules, { evse_id: state.modules.length + 1, label: '', connectors: [] }],
});

/** Only an empty module can go (its card offers remove-module only then); the rest renumber from 1. */
export const removeModule = (state: TModulesState, evseId: number): TModulesState => {
  const target = state.modules.find((module) => module.evse_id === evseId);
  if (!target || target.connectors.length > 0) {
    return state;
  }
  return { ...state, modules: renumber(state.modules.filter((module) => module !== target)) };
};

/** Saves the connector modal: a non-zero ocpp_16_id edits that connector, zero adds one to the module. */
export const saveConnector = (state: TModulesState, evseId: number, draft: TConnectorDraft): TModulesState => {
  const modules = state.modules.map((module) => {
    if (draft.ocpp_16_id !== 0) {
      return {
        ...module,
        connectors: module.connectors.map((connector) =>
          connector.ocpp_16_id === draft.ocpp_16_id ? { ...draft, id: connector.id } : connector,
        ),
      };
    }
    if (module.evse_id !== evseId) {
      return module;
    }
    const nextId = Math.max(0, ...module.connectors.map((connector) => connector.connector_id)) + 1;
    return { ...module, connectors: [...module.connectors, { ...draft, evse_id: evseId, connector_id: nextId }] };
  });
  return { ...state, modules: renumber(modules) };
};

/** Removes a connector, renumbers, and remembers a stored one for `deleted_conns_ids` (edit only). */
export const removeConnector = (state: TModulesState, ocpp16Id: number, isEdit: boolean): TModulesState => {
  const removed = state.modules.flatMap((module) => module.connectors).find((item) => item.ocpp_16_id === ocpp16Id);
  if (!removed) {
    return state;
  }
  const modules = state.modules.map((module) => ({
    ...module,
    connectors: module.connectors.filter((connector) => connector !== removed),
  }));
  const deletedConnectorIds =
    isEdit && removed.id !== undefined ? [...state.deletedConnectorIds, removed.id] : state.deletedConnectorIds;
  return { modules: renumber(modules), deletedConnectorIds };
};

export const allConnectors = (modules: readonly TModuleDraft[]): TConnectorDraft[] =>
  modules.flatMap((module) => module.connectors);

/** ocpp_16_ids of every connector whose position another connector of the station also has. */
export const positionConflicts = (modules: readonly TModuleDraft[]): Set<number> => {
  const byPosition = new Map<number, number[]>();
  for (const connector of allConnectors(modules)) {
    byPosition.set(connector.position, [...(byPosition.get(connector.position) ?? []), connector.ocpp_16_id]);
  }
  return new Set([...byPosition.values()].filter((ids) => ids.length > 1).flat());
};

/**
 * The position a new connector's modal opens with (issue 33): the first of the station's positions, in their order,
 * that no connector holds yet, so that the form opens valid; undefined when all are taken (the operator chooses).
 */
export const nextFreePosition = (
  modules: readonly TModuleDraft[],
  positions: readonly number[],
): number | undefined => {
  const taken = new Set(allConnectors(modules).map((connector) => connector.position));
  return positions.find((position) => !taken.has(position));
};

/** Would this position repeat one of another connector (the modal's inline check)? */
export const isPositionTaken = (modules: readonly TModuleDraft[], position: number, ocpp16Id: number) =>
  allConnectors(modules).some((connector) => connector.position === position && connector.ocpp_16_id !== ocpp16Id);

/** The connectors as the API takes them, in station order (connectors[i] on create, the connectors call on edit). */
export const toConnectorInputs = (modules: readonly TModuleDraft[]): TConnectorInput[] =>
  allConnectors(modules).map((connector) => ({
    ...(connector.id === undefined ? {} : { id: connector.id }),
    evse_id: connector.evse_id,
    connector_id: connector.connector_id,
    ocpp_16_id: connector.ocpp_16_id,
    typo: connector.typo,
    position: connector.position,
    power_kWh: connector.power_kWh,
    cable_length: connector.cable_length,
    custom_fee: connector.custom_fee,
    rate_id: connector.rate_id,
  }));

/** The stored modules of GET /stations/update/{id}/ as the form's state. */
export const modulesFromStation = (evses: readonly TEvseModule[]): TModulesState => ({
  modules: renumber(
    [...evses]
      .sort((a, b) => a.evse_id - b.evse_id)
      .map((evse) => ({
        evse_id: evse.evse_id,
        label: evse.label,
        connectors: evse.connectors.map((connector) => ({
          id: connector.id,
          evse_id: connector.evse_id,
          connector_id: connector.connector_id,
          ocpp_16_id: connector.ocpp_16_id,
          typo: connector.typo,
          position: connector.position,
          power_kWh: connector.power_kWh,
          cable_length: connector.cable_length,
          custom_fee: connector.custom_fee,
          rate_id: connector.rate_id,
          rate_name: connector.rate_name,
        })),
      })),
  ),
  deletedConnectorIds: [],
});

const sameFee = (left: string | null, right: string | null) =>
  left === right || (left !== null && right !== null && Number(left) === Number(right));

/**
 * docs/product/stations.md#7-calls: the connectors call goes only when a connector changed, was added or was deleted.
 * Modules emptied without deleting a stored connector cannot happen, so comparing connectors is enough.
 */
export const haveConnectorsChanged = (initial: TModulesState, current: TModulesState): boolean => {
  if (current.deletedConnectorIds.length > 0) {
    return true;
  }
  const before = new Map(allConnectors(initial.modules).map((connector) => [connector.id, connector]));
  const after = allConnectors(current.modules);
  if (after.length !== before.size) {
    return true;
  }
  return after.some((connector) => {
    const stored = connector.id === undefined ? undefined : before.get(connector.id);
    return (
      !stored ||
      stored.evse_id !== connector.evse_id ||
      stored.connector_id !== connector.connector_id ||
      stored.typo !== connector.typo ||
      stored.position !== connector.position ||
      stored.power_kWh !== connector.power_kWh ||
      stored.cable_length !== connector.cable_length ||
      !sameFee(stored.custom_fee, connector.custom_fee) ||
      stored.rate_id !== connector.rate_id
    );
  });
};
