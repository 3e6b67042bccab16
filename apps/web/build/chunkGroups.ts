import type { Plugin } from 'vite';

/** One of rolldown's `output.codeSplitting.groups`. */
type TChunkGroup = {
  name: string;
  test: (id: string) => boolean;
  minShareCount?: number;
  includeDependenciesRecursively: false;
};

/**
 * Fewer, larger chunks (issue 18). Rolldown's automatic splitting makes one chunk per set of entries that share a
 * module, without knowing which entries always load together: the merchants list made 91 requests, most of 1–3 KB,
 * which a phone fetches on six connections, a round trip each. Three groups:
 *
 * - `first`: the entry's static imports (React, the router, i18next), which load with it, before anything else;
 * - `frame`: what every signed-in screen loads besides itself (the route tree and the layout);
 * - `kit`: the libraries and shared components that at least `kitShareCount` chunks import (antd's table, select,
 *   pagination, the list toolkit): a screen may load a part of it it does not use, but one compressed file instead
 *   of dozens weighs less than their sum (the merchants list 377 KB instead of 395, the heaviest screen 420 instead
 *   of 439).
 *
 * The frame takes no module that anything of the signed-out area can load: the login screen's budget is 150 KB, and
 * one such module would bring the whole group to it. That closure follows `importedIds`, before tree shaking, so a
 * module the login imports without using (all of antd, through its index) stays out as well. The kit cannot be kept
 * from the login that way (antd's index would leave it nothing): its share count does it, the modules the login
 * screen uses being imported by fewer chunks (at 22 the login would load the kit, 342 KB). `npm run test:size` fails
 * the build that crosses that line. A member's own imports are in its group or loaded before it, so groups do not
 * follow them (`includeDependenciesRecursively: false`): that would pull the entry's modules into them.
 * The entries themselves stay chunks of their own: the manifest, and scripts/report-size.mjs, find them by name.
 */
export const chunkGroups = ({
  entry,
  signedInRoutes,
  frameEntries,
  kit,
  kitShareCount,
}: {
  /** The app's entry module (main.tsx). */
  entry: string;
  /** The signed-in area's route tree, imported dynamically by the entry. */
  signedInRoutes: string;
  /** Dynamic entries every signed-in screen loads: the route tree and the layout. */
  frameEntries: string[];
  /** The modules the kit may take (libraries, shared components). */
  kit: RegExp;
  /** How many chunks must import a module for the kit to take it. */
  kitShareCount: number;
}) => {
  const first = new Set<string>();
  const frame = new Set<string>();
  const signedOutArea = new Set<string>();
  const plugin: Plugin = {
    name: 'zaryad:chunk-groups',
    apply: 'build',
    buildEnd(error) {
      if (error) {
        return;
      }
      const staticClosure = (from: string[]) => {
        const closure = new Set<string>();
        const stack = [...from];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (!closure.has(id)) {
            closure.add(id);
            stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
          }
        }
        return closure;
      };
      // Everything the signed-out area can load: the entry and, through dynamic imports, all but the signed-in routes.
      const pending = [entry];
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (!signedOutArea.has(id) && id !== signedInRoutes) {
          for (const module of staticClosure([id])) {
            signedOutArea.add(module);
            pending.push(...(this.getModuleInfo(module)?.dynamicallyImportedIds ?? []));
          }
        }
      }
      const entries = new Set([entry, ...frameEntries]);
      for (const id of staticClosure([entry])) {
        if (!entries.has(id)) {
          first.add(id);
        }
      }
      for (const id of staticClosure(frameEntries)) {
        if (!entries.has(id) && !signedOutArea.has(id)) {
          frame.add(id);
        }
      }
      if (first.size === 0 || frame.size === 0) {
        this.error(
          'chunkGroups: no module found for the first download or the frame: check the paths in vite.config.ts.',
        );
      }
    },
  };
  const groups: TChunkGroup[] = [
    { name: 'first', test: (id) => first.has(id), includeDependenciesRecursively: false },
    { name: 'frame', test: (id) => frame.has(id), includeDependenciesRecursively: false },
    {
      name: 'kit',
      test: (id) => kit.test(id),
      minShareCount: kitShareCount,
      includeDependenciesRecursively: false,
    },
  ];
  return { plugin, groups };
};
