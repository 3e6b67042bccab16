// Which domain imports which, read from the source files, and the first import cycle among them. The boundary rule
// keeps imports going through each domain's index.ts; this keeps the domains themselves in an order (a cycle between
// two indexes would make each one's public face load half-built).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { domainOf, REPO_ROOT, resolveSpecifier, toPosix } from './domain-boundaries.js';

// Static imports and re-exports (named, default, namespace, side effect) and dynamic import(): type-only ones
// included, so that two domains cannot lean on each other even for types.
const SPECIFIERS = /(?:\bimport|\bexport)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Map of domain → set of the other domains its files import, for one domain root (repo-relative). */
export const domainImportGraph = (root) => {
  const graph = new Map();
  for (const file of sourceFiles(join(REPO_ROOT, root))) {
    const from = domainOf(toPosix(relative(REPO_ROOT, file)));
    if (!from || from.inner === '') {
      continue;
    }
    const targets = graph.get(from.domain) ?? new Set();
    graph.set(from.domain, targets);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const target = resolveSpecifier(match[1] ?? match[2], file);
      const to = target && domainOf(target);
      if (to && to.root === from.root && to.domain !== from.domain) {
        targets.add(to.domain);
      }
    }
  }
  return graph;
};

/** The file a relative specifier names (`./x` → x.ts, x.tsx or x/index.ts), absolute; null for a package. */
const resolveFile = (specifier, fromFile) => {
  if (!specifier.startsWith('.')) {
    return null;
  }
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
};

/**
 * Map of file → set of the files it imports, for every source file under a root (repo-relative paths): the layers
 * between domains (platform, http, db, the test helpers) included, where a cycle hides from the domain graph.
 */
export const fileImportGraph = (root) => {
  const graph = new Map();
  for (const file of sourceFiles(join(REPO_ROOT, root))) {
    const targets = new Set();
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const target = resolveFile(match[1] ?? match[2], file);
      if (target) {
        targets.add(toPosix(relative(REPO_ROOT, target)));
      }
    }
    graph.set(toPosix(relative(REPO_ROOT, file)), targets);
  }
  return graph;
};

/** The first cycle found, as the list of domains around it (`['a', 'b', 'a']`), or null when there is none. */
export const findCycle = (graph) => {
  const state = new Map(); // absent: unvisited, 1: on the current path, 2: done
  const path = [];
  const visit = (domain) => {
    state.set(domain, 1);
    path.push(domain);
    for (const next of [...(graph.get(domain) ?? [])].sort()) {
      if (state.get(next) === 1) {
        return [...path.slice(path.indexOf(next)), next];
      }
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) {
          return cycle;
        }
      }
    }
    path.pop();
    state.set(domain, 2);
    return null;
  };
  for (const domain of [...graph.keys()].sort()) {
    if (!state.has(domain)) {
      const cycle = visit(domain);
      if (cycle) {
        return cycle;
      }
    }
  }
  return null;
};
