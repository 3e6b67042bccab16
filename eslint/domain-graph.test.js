// Runs with `node --test eslint/` (part of `npm run test:unit`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DOMAIN_ROOTS } from './domain-boundaries.js';
import { domainImportGraph, fileImportGraph, findCycle } from './domain-graph.js';

describe('findCycle', () => {
  it('finds a cycle, however long, and nothing in a graph without one', () => {
    const graph = (edges) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));
    assert.deepEqual(findCycle(graph({ merchants: ['stations'], stations: ['merchants'] })), ['merchants', 'stations', 'merchants']);
    assert.deepEqual(findCycle(graph({ a: ['b'], b: ['c'], c: ['a'], d: [] })), ['a', 'b', 'c', 'a']);
    assert.equal(findCycle(graph({ stations: ['merchants', 'rates'], rates: ['connectors'], merchants: [], connectors: [] })), null);
  });
});

describe('the domains', () => {
  it('server modules import one another without a cycle', () => {
    const graph = domainImportGraph('apps/server/src/modules');
    assert.ok(graph.get('stations')?.has('merchants'), 'the graph is read: stations import merchants');
    assert.equal(findCycle(graph), null);
  });

  it('web features import one another without a cycle either', () => {
    for (const { root } of DOMAIN_ROOTS) {
      const graph = domainImportGraph(root);
      assert.ok(graph.size > 0, root);
      assert.equal(findCycle(graph), null, root);
    }
  });
});

describe('the files', () => {
  // Issue 32: platform/domain.ts imported types of three modules and platform helpers imported the audit module,
  // a cycle of 14 files through the domains' indexes that the domain graph above cannot see.
  it('server files, platform, http, db and the test helpers included, import one another without a cycle', () => {
    const graph = fileImportGraph('apps/server/src');
    assert.ok(graph.get('apps/server/src/app.ts')?.has('apps/server/src/modules/index.ts'), 'the graph is read');
    assert.equal(findCycle(graph), null);
  });

  it('web files import one another without a cycle', () => {
    const graph = fileImportGraph('apps/web/src');
    assert.ok(graph.size > 0);
    assert.equal(findCycle(graph), null);
  });

});
