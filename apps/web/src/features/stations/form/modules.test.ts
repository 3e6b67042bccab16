import type { TEvseModule } from '@zaryad/contracts';
import { expect, test } from 'vitest';
import {
  addModule,
  DEFAULT_CONNECTOR,
  emptyModulesState,
  haveConnectorsChanged,
  isPositionTaken,
  modulesFromStation,
  nextFreePosition,
  positionConflicts,
  removeConnector,
  removeModule,
  saveConnector,
  toConnectorInputs,
  type TConnectorDraft,
  type TModulesState,
} from '@/features/stations/form/modules';

const fresh = (typo: string, position = 1): TConnectorDraft => ({
  ...DEFAULT_CONNECTOR,
  evse_id: 0,
  connector_id: 0,
  ocpp_16_id: 0,
  typo,
  position,
});

/** Two modules: module 1 with CCS (position 1) and Type2 (position 2), module 2 with CHAdeMO (position 3). */
const twoModules = (): TModulesState => {
  let state = addModule(addModule(emptyModulesState()));
  state = saveConnector(state, 1, fresh('CCS2', 1));
  state = saveConnector(state, 1, fresh('TYPE2', 2));
  return saveConnector(state, 2, fresh('CHADEMO', 3));
};

const numbering = (state: TModulesState) =>
  state.modules.map((module) => [
    module.evse_id,
    module.connectors.map((connector) => [connector.connector_id, connector.ocpp_16_id, connector.typo]),
  ]);

test('a zero ocpp_16_id creates a connector, numbered within its module and across the station', () => {
  expect(numbering(twoModules())).toEqual([
    [
      1,
      [
        [1, 1, 'CCS2'],
        [2, 2, 'TYPE2'],
      ],
    ],
    [2, [[1, 3, 'CHADEMO']]],
  ]);
});

test('a non-zero ocpp_16_id edits that connector and adds nothing', () => {
  const state = twoModules();
  const edited = saveConnector(state, 1, { ...state.modules[0]!.connectors[1]!, power_kWh: 22, position: 4 });
  expect(edited.modules.flatMap((module) => module.connectors)).toHaveLength(3);
  expect(edited.modules[0]!.connectors[1]).toMatchObject({ ocpp_16_id: 2, typo: 'TYPE2', power_kWh: 22, position: 4 });
});

test('removing a connector renumbers connector_id and ocpp_16_id from 1', () => {
  const state = removeConnector(twoModules(), 1, false);
  expect(numbering(state)).toEqual([
    [1, [[1, 1, 'TYPE2']]],
    [2, [[1, 2, 'CHADEMO']]],
  ]);
  expect(state.deletedConnectorIds).toEqual([]);
});

const stored: TEvseModule[] = [
  {
    id: 10,
    evse_id: 1,
    label: 'A',
    connectors: [
      {
        id: 101,
        evse: 10,
        evse_id: 1,
        connector_id: 2,
        ocpp_16_id: 2,
        typo: 'TYPE2',
        typo_name: 'Type 2',
        position: 2,
        power_kWh: 22,
        cable_length: null,
        custom_fee: null,
        rate_id: null,
        rate_name: null,
        fee_default: '12.00',
      },
      {
        id: 100,
        evse: 10,
        evse_id: 1,
        connector_id: 1,
        ocpp_16_id: 1,
        typo: 'CCS2',
        typo_name: 'CCS2',
        position: 1,
        power_kWh: 60,
        cable_length: 5,
        custom_fee: '15.50',
        rate_id: null,
        rate_name: null,
        fee_default: '14.00',
      },
    ],
  },
];

test('on edit a removed stored connector is recorded for deleted_conns_ids; a new one is not', () => {
  const loaded = modulesFromStation(stored);
  expect(loaded.modules[0]!.connectors.map((connector) => connector.id)).toEqual([100, 101]);
  const withNew = saveConnector(loaded, 1, fresh('CHADEMO', 3));
  const removedStored = removeConnector(withNew, 1, true);
  expect(removedStored.deletedConnectorIds).toEqual([100]);
  const removedNew = removeConnector(removedStored, 2, true);
  expect(removedNew.deletedConnectorIds).toEqual([100]);
  expect(numbering(removedNew)).toEqual([[1, [[1, 1, 'TYPE2']]]]);
});

test('only an empty module can be removed; the rest renumber from 1', () => {
  let state = addModule(twoModules());
  expect(removeModule(state, 1)).toBe(state);
  state = removeConnector(state, 3, false);
  state = removeModule(state, 2);
  expect(state.modules.map((module) => module.evse_id)).toEqual([1, 2]);
  expect(state.modules[1]!.connectors).toEqual([]);
});

test('duplicate positions across modules mark every connector of the conflict', () => {
  const state = twoModules();
  expect(positionConflicts(state.modules).size).toBe(0);
  const clash = saveConnector(state, 2, fresh('TYPE2', 1));
  expect([...positionConflicts(clash.modules)].sort()).toEqual([1, 4]);
  expect(isPositionTaken(state.modules, 3, 0)).toBe(true);
  expect(isPositionTaken(state.modules, 3, 3)).toBe(false);
});

test('connectors as the API takes them keep stored ids and send null for empty values', () => {
  const inputs = toConnectorInputs(saveConnector(modulesFromStation(stored), 1, fresh('CHADEMO', 3)).modules);
  expect(inputs[0]).toEqual({
    id: 100,
    evse_id: 1,
    connector_id: 1,
    ocpp_16_id: 1,
    typo: 'CCS2',
    position: 1,
    power_kWh: 60,
    cable_length: 5,
    custom_fee: '15.50',
    rate_id: null,
  });
  expect(inputs[2]).toEqual({
    evse_id: 1,
    connector_id: 3,
    ocpp_16_id: 3,
    typo: 'CHADEMO',
    position: 3,
    power_kWh: 0,
    cable_length: null,
    custom_fee: null,
    rate_id: null,
  });
});

test('the connectors call is needed only when a connector changed, was added or was deleted', () => {
  const loaded = modulesFromStation(stored);
  expect(haveConnectorsChanged(loaded, modulesFromStation(stored))).toBe(false);
  expect(haveConnectorsChanged(loaded, addModule(loaded))).toBe(false);
  const fee = saveConnector(loaded, 1, { ...loaded.modules[0]!.connectors[0]!, custom_fee: '15.5' });
  expect(haveConnectorsChanged(loaded, fee)).toBe(false);
  // A personal rate chosen is a change.
  const rated = saveConnector(loaded, 1, { ...loaded.modules[0]!.connectors[0]!, rate_id: 7 });
  expect(haveConnectorsChanged(loaded, rated)).toBe(true);
  const power = saveConnector(loaded, 1, { ...loaded.modules[0]!.connectors[0]!, power_kWh: 50 });
  expect(haveConnectorsChanged(loaded, power)).toBe(true);
  expect(haveConnectorsChanged(loaded, saveConnector(loaded, 1, fresh('CHADEMO', 3)))).toBe(true);
  expect(haveConnectorsChanged(loaded, removeConnector(loaded, 2, true))).toBe(true);
});

test("nextFreePosition: the first position, in the lookup's order, no connector holds; none when all are held", () => {
  const state = twoModules();
  expect(nextFreePosition(state.modules, [1, 2, 3, 4])).toBe(4);
  expect(nextFreePosition(state.modules, [3, 5, 1, 6])).toBe(5);
  expect(nextFreePosition(emptyModulesState().modules, [1, 2])).toBe(1);
  expect(nextFreePosition(state.modules, [1, 2, 3])).toBeUndefined();
});
