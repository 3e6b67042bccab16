import { expect, test } from 'vitest';
import { addModule, DEFAULT_CONNECTOR, emptyModulesState, saveConnector } from '@/features/stations/form/modules';
import { placeServerErrors } from '@/features/stations/form/serverErrors';

test('nested and renamed server fields land on the form, unknown ones stay for the notification', () => {
  let state = addModule(emptyModulesState());
  for (const position of [1, 2]) {
    state = saveConnector(state, 1, {
      ...DEFAULT_CONNECTOR,
      evse_id: 1,
      connector_id: 0,
      ocpp_16_id: 0,
      typo: 'CCS2',
      position,
    });
  }
  const placed = placeServerErrors(
    {
      identity: ['A station with this unique identifier already exists'],
      'connectors.1.position': ['Connector positions must be unique'],
      'schedule.2': ['The end must be later than the start'],
      media_files: ['Add at least one image'],
      non_field_errors: ['Something else'],
    },
    new Set(['identity', 'modules', 'schedule', 'photos']),
    state.modules,
  );
  expect(placed.fields).toEqual([
    { name: 'identity', errors: ['A station with this unique identifier already exists'] },
    { name: 'modules', errors: ['Connector positions must be unique'] },
    { name: 'schedule', errors: ['The end must be later than the start'] },
    { name: 'photos', errors: ['Add at least one image'] },
  ]);
  expect([...placed.connectors]).toEqual([2]);
  expect(placed.rest).toEqual(['Something else']);
});
