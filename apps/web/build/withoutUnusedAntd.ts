import type { Plugin } from 'vite';

/** The module antd's Table uses for column filters, as useFilter imports it. */
const USE_FILTER = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/;

/**
 * Builds antd's Table without its column filter dropdown (the Tree, Menu and search it brings weigh ~11 KB gzip on
 * every list screen; issue 10's web budgets): useFilter's `./FilterDropdown` resolves to `stub`, which keeps the
 * one helper useFilter needs. Lists filter in their toolbar, and eslint refuses the column keys that would open a
 * dropdown. The dev server and the unit tests keep antd whole.
 */
export const withoutTableFilters = (stub: string): Plugin => {
  let isReplaced = false;
  return {
    name: 'zaryad:without-table-filters',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './FilterDropdown' && importer !== undefined && USE_FILTER.test(importer)) {
        isReplaced = true;
        return stub;
      }
      return null;
    },
    buildEnd(error) {
      // An antd upgrade that moves the dropdown must not silently bring it back.
      if (error === undefined && !isReplaced) {
        this.error("antd's table filter dropdown was not found: update build/withoutTableFilters.ts.");
      }
    },
  };
};
