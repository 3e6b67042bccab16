import type { TValidationErrorBody } from '@zaryad/contracts';
import { allConnectors, type TModuleDraft } from '@/features/stations/form/modules';

/** Server field names that the form shows on another field (docs/product/stations.md#7-calls names vs the form's). */
const FIELD_OF: Record<string, string> = {
  media_files: 'photos',
  deleted_media_ids: 'photos',
  connectors: 'modules',
  deleted_conns_ids: 'modules',
  delete_tags: 'tags',
  delete_environment: 'environment',
};

export type TPlacedErrors = {
  /** Errors per form field, in the server's order (the first is scrolled to). */
  fields: { name: string; errors: string[] }[];
  /** ocpp_16_ids of connectors a `connectors.{i}.{field}` error names, to highlight their cards. */
  connectors: Set<number>;
  /** Messages with no field on the form (non_field_errors, merchant...). */
  rest: string[];
};

/**
 * Places a 400's messages (docs/product/stations.md#8-messages), nested names included: `schedule.3` on the schedule,
 * `connectors.0.position` on the modules with that connector highlighted.
 */
export const placeServerErrors = (
  body: TValidationErrorBody,
  formFields: ReadonlySet<string>,
  modules: readonly TModuleDraft[],
): TPlacedErrors => {
  const connectors = allConnectors(modules);
  const byField = new Map<string, string[]>();
  const placed: TPlacedErrors = { fields: [], connectors: new Set(), rest: [] };
  for (const [key, messages] of Object.entries(body)) {
    const [head = key, index] = key.split('.');
    const field = FIELD_OF[head] ?? head;
    if (!formFields.has(field)) {
      placed.rest.push(...messages);
      continue;
    }
    if (head === 'connectors' && index !== undefined) {
      const connector = connectors[Number(index)];
      if (connector) {
        placed.connectors.add(connector.ocpp_16_id);
      }
    }
    byField.set(field, [
      ...(byField.get(field) ?? []),
      ...messages.filter((message) => !byField.get(field)?.includes(message)),
    ]);
  }
  placed.fields = [...byField.entries()].map(([name, errors]) => ({ name, errors }));
  return placed;
};
