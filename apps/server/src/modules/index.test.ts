import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import * as listVersionTables from '../platform/list-versions.tables';
import * as schedulerTables from '../platform/scheduler.tables';
import { DOMAINS } from '.';

const namesOf = (record: Readonly<Record<string, unknown>>) => Object.keys(record).sort();

describe('the list of domains', () => {
  it('holds every folder of modules/ once, by its name', () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(DOMAINS.map((domain) => domain.name).sort()).toEqual(folders);
  });

  it("tables: db/schema.ts (drizzle-kit's list) exports exactly the domains' tables and the platform's", () => {
    const fromDomains: Record<string, unknown> = { ...listVersionTables, ...schedulerTables };
    for (const domain of DOMAINS) {
      for (const [name, table] of Object.entries(domain.tables)) {
        expect(fromDomains[name], `${name} is declared by two domains`).toBeUndefined();
        fromDomains[name] = table;
      }
    }
    expect(namesOf(fromDomains)).toEqual(namesOf(schema));
    for (const [name, table] of Object.entries(schema)) {
      expect(fromDomains[name], name).toBe(table);
    }
  });

  it('prefixes are unique but for domains that share one on purpose', () => {
    const prefixes = DOMAINS.flatMap((domain) => (domain.prefix === null ? [] : [domain.prefix]));
    // The merchant report answers under /api/v1/merchants/{id}/report/ without being the merchants module; domains that
    // mount several areas (referrals: /ads/referrals/ and /settings/referrals/; alerts: /alerts/rules/ and /incidents/;
    // notifications: /notifications/ and /webhooks/) take /api/v1 itself.
    const shared = prefixes.filter((prefix, index) => prefixes.indexOf(prefix) !== index);
    expect([...new Set(shared)]).toEqual(['/api/v1/merchants', '/api/v1']);
  });
});
