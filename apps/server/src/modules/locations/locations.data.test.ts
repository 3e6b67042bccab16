import { describe, expect, test } from 'vitest';
import { COUNTRIES, DISTRICTS, REGIONS, SETTLEMENTS, type TLocationNames } from './locations.data';

/** Rough bounding boxes [minLat, maxLat, minLon, maxLon] of each seeded country. */
const BOUNDS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  KG: [39.1, 43.3, 69.2, 80.3],
  KZ: [40.5, 55.5, 46.4, 87.4],
  UZ: [37.1, 45.6, 55.9, 73.2],
  TJ: [36.6, 41.1, 67.3, 75.2],
  CN: [18.1, 53.6, 73.4, 135.1],
  RU: [41.1, 82.0, 19.6, 180.0],
};

const SLUG = /^[a-z]{2}(-[a-z0-9]+)+$/;

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
}

function blankNames(records: readonly (TLocationNames & { key?: string; code?: string })[]): string[] {
  return records
    .filter((r) => [r.name_ru, r.name_en, r.name_ky].some((n) => n.trim() === '' || n !== n.trim()))
    .map((r) => r.key ?? r.code ?? '?');
}

describe('location reference data', () => {
  const countryCodes = new Set(COUNTRIES.map((c) => c.code));
  const regionByKey = new Map(REGIONS.map((r) => [r.key, r]));
  const districtByKey = new Map(DISTRICTS.map((d) => [d.key, d]));

  test('keys and codes are unique and well-formed', () => {
    expect(duplicates(COUNTRIES.map((c) => c.code))).toEqual([]);
    expect(duplicates(REGIONS.map((r) => r.key))).toEqual([]);
    expect(duplicates(DISTRICTS.map((d) => d.key))).toEqual([]);
    expect(duplicates(SETTLEMENTS.map((s) => s.key))).toEqual([]);
    for (const c of COUNTRIES) {expect(c.code).toMatch(/^[A-Z]{2}$/);}
    for (const key of [...REGIONS, ...DISTRICTS, ...SETTLEMENTS].map((r) => r.key)) {expect(key).toMatch(SLUG);}
  });

  test('names are non-blank in all three languages', () => {
    expect(blankNames(COUNTRIES)).toEqual([]);
    expect(blankNames(REGIONS)).toEqual([]);
    expect(blankNames(DISTRICTS)).toEqual([]);
    expect(blankNames(SETTLEMENTS)).toEqual([]);
  });

  test('Russian and Kyrgyz names are Cyrillic, English names are Latin', () => {
    for (const r of [...COUNTRIES, ...REGIONS, ...DISTRICTS, ...SETTLEMENTS]) {
      expect(r.name_ru, r.name_en).toMatch(/^[А-Яа-яЁё0-9 ().,-]+$/);
      expect(r.name_ky, r.name_en).toMatch(/^[А-Яа-яЁёӨөҮүҢң0-9 ().,-]+$/);
      expect(r.name_en, r.name_ru).toMatch(/^[A-Za-z0-9 ().,'-]+$/);
    }
  });

  test('regions and districts reference existing parents', () => {
    for (const r of REGIONS) {expect(countryCodes.has(r.country), r.key).toBe(true);}
    for (const d of DISTRICTS) {
      expect(regionByKey.has(d.region), d.key).toBe(true);
      expect(d.key.startsWith(`${d.region}-`), d.key).toBe(true);
    }
  });

  test("every settlement's region and district exist and belong to its country and region", () => {
    for (const s of SETTLEMENTS) {
      expect(countryCodes.has(s.country), s.key).toBe(true);
      if (s.region !== null) {expect(regionByKey.get(s.region)?.country, s.key).toBe(s.country);}
      if (s.district !== null) {
        expect(s.region, s.key).not.toBeNull();
        expect(districtByKey.get(s.district)?.region, s.key).toBe(s.region);
      }
    }
  });

  test('coordinates lie inside the rough bounds of the country', () => {
    for (const s of SETTLEMENTS) {
      const bounds = BOUNDS[s.country];
      expect(bounds, s.country).toBeDefined();
      if (!bounds) {continue;}
      const [minLat, maxLat, minLon, maxLon] = bounds;
      expect(s.latitude, s.key).toBeGreaterThanOrEqual(minLat);
      expect(s.latitude, s.key).toBeLessThanOrEqual(maxLat);
      expect(s.longitude, s.key).toBeGreaterThanOrEqual(minLon);
      expect(s.longitude, s.key).toBeLessThanOrEqual(maxLon);
      expect(Math.round(s.latitude * 1e4) / 1e4, s.key).toBe(s.latitude);
      expect(Math.round(s.longitude * 1e4) / 1e4, s.key).toBe(s.longitude);
    }
  });

  test('Kyrgyzstan structure is complete', () => {
    const kgRegions = REGIONS.filter((r) => r.country === 'KG');
    expect(kgRegions).toHaveLength(9); // 7 oblasts + Bishkek + Osh
    expect(DISTRICTS).toHaveLength(40);
    const kgSettlements = SETTLEMENTS.filter((s) => s.country === 'KG');
    expect(kgSettlements.length).toBeGreaterThanOrEqual(80);
    // every oblast has districts; the two republican cities have none
    for (const r of kgRegions) {
      const count = DISTRICTS.filter((d) => d.region === r.key).length;
      if (r.key === 'kg-bishkek' || r.key === 'kg-osh-city') {expect(count, r.key).toBe(0);}
      else {expect(count, r.key).toBeGreaterThan(0);}
    }
    // all 31 settlements with city status
    expect(kgSettlements.filter((s) => s.kind !== 'village')).toHaveLength(31);
  });

  test('every foreign country has at least its capital and a few cities', () => {
    for (const c of COUNTRIES.filter((x) => x.code !== 'KG')) {
      expect(SETTLEMENTS.filter((s) => s.country === c.code).length, c.code).toBeGreaterThanOrEqual(4);
    }
  });
});
