import type { Plugin } from 'vite';

/** One part of antd left out of the build: `source` as `importer` imports it resolves to `stub` instead. */
export type TAntdCut = {
  /** For the build's error when antd moves it. */
  name: string;
  /** The antd module that imports the part (matched on its path). */
  importer: RegExp;
  /** The import specifier as written in that module. */
  source: string;
  /** An app module with the same exports. */
  stub: string;
};

/**
 * Builds antd without parts its components import whether or not they are used (issue 10's web budgets): the
 * Table's column filter dropdown, the Card's tabs. eslint refuses the props that would need them, and each stub
 * says so at run time; the dev server and the unit tests keep antd whole.
 */
export const withoutUnusedAntd = (cuts: readonly TAntdCut[]): Plugin => {
  const applied = new Set<string>();
  return {
    name: 'zaryad:without-unused-antd',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const cut = cuts.find((one) => one.source === source && importer !== undefined && one.importer.test(importer));
      if (!cut) {
        return null;
      }
      applied.add(cut.name);
      return cut.stub;
    },
    buildEnd(error) {
      // An antd upgrade that moves a part must not silently bring it back.
      const missed = cuts.filter((cut) => !applied.has(cut.name)).map((cut) => cut.name);
      if (error === undefined && missed.length > 0) {
        this.error(`antd's ${missed.join(', ')} not found where expected: update vite.config.ts's cuts.`);
      }
    },
  };
};
