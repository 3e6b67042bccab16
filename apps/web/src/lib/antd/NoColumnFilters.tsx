import type { ReactNode } from 'react';

type TFilterItem = { value: unknown; children?: readonly TFilterItem[] };

/** antd's own (table/hooks/useFilter/FilterDropdown.js): useFilter reads the keys of a column's `filters` with it. */
export const flattenKeys = (filters: readonly TFilterItem[] | undefined): unknown[] =>
  (filters ?? []).flatMap(({ value, children }) => [value, ...flattenKeys(children)]);

type TNoFilterDropdownProps = { children?: ReactNode };

/**
 * Stands in for antd's table filter dropdown in the production build (build/withoutUnusedAntd.ts). No column here
 * has `filters`, `filterDropdown` or `onFilter` (lists filter in their toolbar, by URL, on the server; eslint
 * refuses those keys), yet antd's Table imports the dropdown with its Tree and Menu (~11 KB gzip) into every list.
 * Should a column get one anyway, its title still shows, without the dropdown.
 */
const NoFilterDropdown = ({ children }: TNoFilterDropdownProps) => {
  console.error('Column filters are left out of this build (build/withoutUnusedAntd.ts): filter in the toolbar.');
  return children;
};

// A default export: antd's useFilter imports the dropdown that way.
export default NoFilterDropdown;
