import type { TFilterShape, TFilters } from '@/components/data-table/listParams';

/** What a filter component needs of its list (`useListParams`): the inputs' values and the way to change them. */
export type TFilterList<TShape extends TFilterShape> = {
  draftFilters: TFilters<TShape>;
  setFilters: (changes: Partial<TFilters<TShape>>) => void;
};

/**
 * One URL filter as a field's `value` and `onChange`: `<EnumFilter {...filterField(list, 'status')} ... />`. The value
 * is the draft the inputs show; the change reaches the URL after the list's debounce and sends the list to page 1.
 */
export const filterField = <TShape extends TFilterShape, TKey extends keyof TShape & string>(
  list: TFilterList<TShape>,
  key: TKey,
) => ({
  value: list.draftFilters[key],
  onChange: (value: TFilters<TShape>[TKey] | undefined) => {
    list.setFilters({ [key]: value } as Partial<TFilters<TShape>>);
  },
});

/** A range as the filters give it: both ends, or either, as the URL's text (`2025-01-31`, `22:00`, `-100.5`). */
export type TRange = { from?: string; to?: string };

/** The names `N` of a shape holding both `N__from` and `N__to`, the contracts' spelling of a range. */
export type TRangeName<TShape extends TFilterShape> = {
  [TKey in keyof TShape & string]: TKey extends `${infer TName}__from`
    ? `${TName}__to` extends keyof TShape
      ? TName
      : never
    : never;
}[keyof TShape & string];

/** A `N__from` / `N__to` pair as one field's `value` and `onChange`: `<DateRangeFilter {...rangeField(list, 'period')} />`. */
export const rangeField = <TShape extends TFilterShape>(list: TFilterList<TShape>, name: TRangeName<TShape>) => {
  const filters = list.draftFilters as Record<string, unknown>;
  const text = (value: unknown) => (value === undefined ? undefined : String(value));
  return {
    value: { from: text(filters[`${name}__from`]), to: text(filters[`${name}__to`]) } satisfies TRange,
    onChange: ({ from, to }: TRange) => {
      list.setFilters({ [`${name}__from`]: from, [`${name}__to`]: to } as Partial<TFilters<TShape>>);
    },
  };
};
