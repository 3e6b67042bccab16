// A domain (a server module, a web feature) is imported by another domain only through its index.ts, so that
// each domain's inside can change without breaking its neighbours and its public face is written down in one file.
import { dirname, relative, resolve, sep } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

/** Folders whose children are domains; `alias` maps a path alias onto the folder it names. */
export const DOMAIN_ROOTS = [
  { root: 'apps/server/src/modules' },
  { root: 'apps/web/src/features', alias: { prefix: '@/', dir: 'apps/web/src' } },
];

export const toPosix = (path) => path.split(sep).join('/');

/** The domain a repo-relative path belongs to, and the path inside it; null outside every domain root. */
export const domainOf = (repoPath) => {
  for (const { root } of DOMAIN_ROOTS) {
    if (repoPath.startsWith(`${root}/`)) {
      const [domain, ...rest] = repoPath.slice(root.length + 1).split('/');
      return { root, domain, inner: rest.join('/') };
    }
  }
  return null;
};

export const resolveSpecifier = (specifier, fromFile) => {
  if (specifier.startsWith('.')) {
    return toPosix(relative(REPO_ROOT, resolve(dirname(fromFile), specifier)));
  }
  for (const { alias } of DOMAIN_ROOTS) {
    if (alias && specifier.startsWith(alias.prefix)) {
      return `${alias.dir}/${specifier.slice(alias.prefix.length)}`;
    }
  }
  return null;
};

const isIndex = (inner) => inner === '' || /^index(\.tsx?|\.js)?$/.test(inner);

/**
 * The listeners of a rule about imports: `onImport(source, target)` for every import, re-export and dynamic import
 * written as a string, with the repository path it resolves to (null for packages).
 */
export const everyImport = (fromFile, onImport) => {
  const check = (node) => {
    const source = node.source;
    if (source && source.type === 'Literal' && typeof source.value === 'string') {
      onImport(source, resolveSpecifier(source.value, fromFile));
    }
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
};

export const domainBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Import another domain only through its index.ts ('../stations', '@/features/stations')" },
    messages: {
      throughIndex:
        "'{{specifier}}' reaches inside the {{domain}} domain: import it from '{{suggestion}}' (its index.ts) instead.",
    },
    schema: [],
  },
  create(context) {
    const fromFile = context.filename;
    const from = domainOf(toPosix(relative(REPO_ROOT, fromFile)));
    if (!from) {
      return {};
    }
    return everyImport(fromFile, (source, target) => {
      const to = target && domainOf(target);
      if (!to || to.root !== from.root || to.domain === from.domain || isIndex(to.inner)) {
        return;
      }
      // The specifier less the segments that reach inside the domain.
      const suggestion = source.value.split('/').slice(0, -to.inner.split('/').length).join('/');
      context.report({
        node: source,
        messageId: 'throughIndex',
        data: { specifier: source.value, domain: to.domain, suggestion },
      });
    });
  },
};

export const zaryadPlugin = { rules: { 'domain-boundaries': domainBoundaries } };
