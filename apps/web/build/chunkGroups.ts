import type { Plugin } from 'vite';

/** A set of modules that always load together, to be one chunk. */
type TGroup = { name: string; has: (id: string) => boolean };

/**
 * Fewer, larger chunks where no screen pays for them (issue 18). Rolldown's automatic splitting makes one chunk per
 * set of entries that share a module, without knowing which entries always load together: the merchants list made
 * 91 requests, most of 1–3 KB, which a phone fetches on six connections, a round trip each. Two groups merge what is
 * always loaded together anyway, so no screen downloads anything more:
 *
 * - `first`: the entry's static imports (React, the router, i18next), which load with it, before anything else;
 * - `frame`: what every signed-in screen loads besides itself (the route tree and the layout), less anything the
 *   signed-out area can load: its budget is 150 KB, and a module it shares with the layout cannot be in the layout's
 *   chunk without bringing that chunk to the login screen.
 *
 * The closures follow `importedIds`, before tree shaking: a module the login imports but does not use (zod, through
 * the contracts) counts as the signed-out area's and stays out of the frame, which is safe; the other way round (a
 * group of such modules shared with the login) would pull them into the login screen, which is why there is no group
 * of what the login and the layout share. The entries themselves stay chunks of their own: the manifest, and
 * scripts/report-size.mjs, find them by name.
 */
export const chunkGroups = ({
  entry,
  signedInRoutes,
  frameEntries,
}: {
  /** The app's entry module (main.tsx). */
  entry: string;
  /** The signed-in area's route tree, imported dynamically by the entry. */
  signedInRoutes: string;
  /** Dynamic entries every signed-in screen loads: the route tree and the layout. */
  frameEntries: string[];
}) => {
  const members = { first: new Set<string>(), frame: new Set<string>() };
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
      const signedOutArea = new Set<string>();
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
      const first = staticClosure([entry]);
      for (const id of first) {
        if (!entries.has(id)) {
          members.first.add(id);
        }
      }
      for (const id of staticClosure(frameEntries)) {
        if (!entries.has(id) && !signedOutArea.has(id)) {
          members.frame.add(id);
        }
      }
      const empty = Object.entries(members).filter(([, group]) => group.size === 0);
      if (empty.length > 0) {
        this.error(
          `chunkGroups: no module for ${empty.map(([name]) => name).join(', ')}: check vite.config.ts's paths.`,
        );
      }
    },
  };
  const groups: TGroup[] = Object.entries(members).map(([name, group]) => ({ name, has: (id) => group.has(id) }));
  return { plugin, groups };
};
