import type { TValidationErrorBody } from '@zaryad/contracts';

export type TPlacedFieldErrors = {
  /**
   * Messages per form field, in the server's order: the first one is scrolled to. A nested field (a row of a
   * Form.List) is named by its path, `['periods', 0, 'end_time']`.
   */
  fields: { name: string | (string | number)[]; errors: string[] }[];
  /** Messages with no field on the form (`non_field_errors`, a field the form does not show): said in the alert. */
  rest: string[];
};

/** Where a 400's messages go (docs/product/common.md#8-messages): each on the field of its name, the others to the alert. */
export type TPlaceFieldErrors = (body: TValidationErrorBody, formFields: ReadonlySet<string>) => TPlacedFieldErrors;

/** The default placement: a field's messages on the form field of the same name. */
export const placeFieldErrors: TPlaceFieldErrors = (body, formFields) => {
  const placed: TPlacedFieldErrors = { fields: [], rest: [] };
  for (const [name, messages] of Object.entries(body)) {
    if (messages.length === 0) {
      continue;
    }
    if (formFields.has(name)) {
      placed.fields.push({ name, errors: messages });
    } else {
      placed.rest.push(...messages);
    }
  }
  return placed;
};

/**
 * The placement of a form that shows some server fields under other names (`{start_date: 'period'}`: the dates on
 * one period field): each message on the field its name maps to, the others as by `placeFieldErrors`.
 */
export const renamedFieldErrors =
  (formFieldOf: Readonly<Record<string, string>>): TPlaceFieldErrors =>
  (body, formFields) => {
    const renamed: TValidationErrorBody = {};
    for (const [name, messages] of Object.entries(body)) {
      const field = formFieldOf[name] ?? name;
      renamed[field] = [...(renamed[field] ?? []), ...messages];
    }
    return placeFieldErrors(renamed, formFields);
  };
