import type { TStationConnectorsBody } from '@zaryad/contracts';
import type { TStationEdit } from '@/features/stations/api';
import { buildCreateForm, buildUpdateForm } from '@/features/stations/form/buildMultipart';
import { hasStationChanges, stationChanges } from '@/features/stations/form/changes';
import { haveConnectorsChanged, toConnectorInputs } from '@/features/stations/form/modules';
import type { TStationFormState } from '@/features/stations/form/StationForm';

/** POST /stations/ sends everything (docs/product/stations.md#4-states-and-rules). */
export const createRequest = (merchant: number, values: TStationFormState) =>
  buildCreateForm(merchant, values, values.modules.modules);

/**
 * The two edit calls: the changed fields, and the connectors call only when a connector changed, was added or
 * was deleted (docs/product/stations.md#7-calls). Null when nothing changed at all.
 */
export const editRequest = (initial: TStationFormState, values: TStationFormState): TStationEdit | null => {
  const changes = stationChanges(initial, values);
  const fields = hasStationChanges(changes) ? buildUpdateForm(changes) : null;
  const connectors: TStationConnectorsBody | null = haveConnectorsChanged(initial.modules, values.modules)
    ? { connectors: toConnectorInputs(values.modules.modules), deleted_conns_ids: values.modules.deletedConnectorIds }
    : null;
  return fields || connectors ? { fields, connectors } : null;
};
