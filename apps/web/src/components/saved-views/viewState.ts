import type { TSavedViewState } from '@zaryad/contracts';

/** Query-string names that are not filters: where the list is, not what it shows. */
const NOT_FILTERS = new Set(['page', 'size']);

/** The list's search and filters as the URL holds them (page and size left out), sorted by name. */
export const urlFilters = (params: URLSearchParams): Record<string, string> =>
  Object.fromEntries(
    [...params.entries()]
      .filter(([key, value]) => !NOT_FILTERS.has(key) && value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** The URL with a view's filters instead of the current ones: back to page 1, the page size kept. */
export const withFilters = (params: URLSearchParams, filters: Record<string, string>): URLSearchParams => {
  const next = new URLSearchParams();
  const size = params.get('size');
  if (size) {
    next.set('size', size);
  }
  for (const [key, value] of Object.entries(filters)) {
    if (value !== '' && !NOT_FILTERS.has(key)) {
      next.set(key, value);
    }
  }
  return next;
};

/** The URL without some filters (a chip removed), back to page 1. */
export const withoutFilters = (params: URLSearchParams, keys: readonly string[]): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const key of [...keys, 'page']) {
    next.delete(key);
  }
  return next;
};

export const sameFilters = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The view whose filters the list shows now, if any: the one the views menu names as active. */
export const activeView = <TView extends { state: TSavedViewState }>(
  views: readonly TView[],
  current: Record<string, string>,
) => views.find((view) => sameFilters(view.state.filters, current));

/**
 * One chip of the active filters: a label and the URL names it covers (a period's `__from` and `__to` make one chip),
 * and how its values read (a status's words rather than its codes).
 */
export type TChipDefinition = {
  label: string;
  keys: readonly string[];
  format?: (value: string, key: string) => string;
};

export type TFilterChip = { id: string; label: string; text: string; keys: readonly string[] };

/** A range's two ends as one text: `from – to`, `from –` or `– to`. */
const joinRange = (values: (string | undefined)[]) =>
  values.length === 2 ? `${values[0] ?? ''} – ${values[1] ?? ''}`.trim() : values.filter(Boolean).join(', ');

/** The chips of the filters in force, in the definitions' order; a filter no definition names is shown by its name. */
export const filterChips = (
  filters: Record<string, string>,
  definitions: readonly TChipDefinition[],
): TFilterChip[] => {
  const named = new Set(definitions.flatMap((definition) => definition.keys));
  const chips = definitions.flatMap((definition): TFilterChip[] => {
    const present = definition.keys.filter((key) => filters[key] !== undefined);
    if (present.length === 0) {
      return [];
    }
    const values = definition.keys.map((key) => {
      const value = filters[key];
      if (value === undefined) {
        return undefined;
      }
      const format = definition.format;
      return format
        ? value
            .split(',')
            .map((one) => format(one, key))
            .join(', ')
        : value.split(',').join(', ');
    });
    return [{ id: definition.keys.join('+'), label: definition.label, text: joinRange(values), keys: present }];
  });
  const others = Object.entries(filters)
    .filter(([key]) => !named.has(key))
    .map(([key, value]) => ({ id: key, label: key, text: value, keys: [key] }));
  return [...chips, ...others];
};
