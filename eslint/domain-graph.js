// Which domain imports which, read from the source files, and the first import cycle among them. The boundary rule
// keeps imports going through each domain's index.ts; this keeps the domains themselves in an order (a cycle between
// two indexes would make each one's public face load half-built).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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
