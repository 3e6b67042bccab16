import { expect, it } from 'vitest';
import {
  CONNECTOR_INPUT_KEYS,
  STATION_SCALAR_FIELDS,
  ZConnectorInput,
  ZStationCreateFields,
  ZStationUpdateFields,
} from './stations';

/** The fields the form sends otherwise: lists, objects and files, or only on create or on edit. */
const NOT_SCALAR = new Set(['merchant', 'tags', 'environment', 'schedule', 'connectors']);
const EDIT_ONLY = new Set(['deleted_media_ids', 'delete_tags', 'delete_environment']);

it('the station form field list names every text field of the create and update contracts, and nothing else', () => {
  const created = Object.keys(ZStationCreateFields.shape).filter((name) => !NOT_SCALAR.has(name));
  const updated = Object.keys(ZStationUpdateFields.shape).filter(
    (name) => !NOT_SCALAR.has(name) && !EDIT_ONLY.has(name),
  );
  expect([...STATION_SCALAR_FIELDS].sort()).toEqual(created.sort());
  expect([...STATION_SCALAR_FIELDS].sort()).toEqual(updated.sort());
});

it('the connector keys are the connector input without its id (the create form has none)', () => {
  const keys = Object.keys(ZConnectorInput.shape).filter((name) => name !== 'id');
  expect([...CONNECTOR_INPUT_KEYS].sort()).toEqual(keys.sort());
});
