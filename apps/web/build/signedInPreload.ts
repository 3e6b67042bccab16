import type { Plugin } from 'vite';

/** The line of index.html's inline script that the build fills with the chunks' addresses. */
const PLACEHOLDER = 'var chunks = [];';

/**
 * A signed-in visit's first chunks asked for while the page is parsed (docs/design.md, section 16). Without it they
 * waited for the entry: its download and evaluation, then the route tree's import, and only then the layout's and
 * the kit's requests went out, each step a round trip while the network stood idle. index.html's inline script, which
 * already knows whether a session is stored, adds a `modulepreload` link for each of them when there is one (fetched
 * and compiled, not run: they run in the order the app imports them). A visitor without a session gets none of them:
 * the login screen's download stays as it is. `modules`: the source files whose chunks, and the chunks they import,
 * are listed, but the entry's own (index.html asks for those itself).
 */
export const signedInPreload = (modules: string[]): Plugin => ({
  name: 'zaryad:signed-in-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      if (!bundle) {
        return html;
      }
      if (!html.includes(PLACEHOLDER)) {
        throw new Error(`index.html's inline script has no "${PLACEHOLDER}" for build/signedInPreload.ts to fill`);
      }
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, into: Set<string>) => {
        if (!into.has(fileName)) {
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) {
            withImports(imported, into);
          }
        }
        return into;
      };
      const entry = new Set<string>();
      for (const chunk of chunks.filter((candidate) => candidate.isEntry)) {
        withImports(chunk.fileName, entry);
      }
      const files = new Set<string>();
      for (const module of modules) {
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(module));
        if (!chunk) {
          throw new Error(`build/signedInPreload.ts: no chunk holds ${module}`);
        }
        withImports(chunk.fileName, files);
      }
      const list = [...files].filter((file) => !entry.has(file)).map((file) => `/${file}`);
      return html.replace(PLACEHOLDER, `var chunks = ${JSON.stringify(list)};`);
    },
  },
});
