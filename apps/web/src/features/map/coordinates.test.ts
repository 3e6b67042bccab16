import { describe, expect, it } from 'vitest';
import { formatCoordinate, roundCoordinate, wrapLongitude } from '@/features/map/coordinates';

describe('coordinates', () => {
  it('rounds and formats to 6 decimals', () => {
    expect(roundCoordinate(42.870051234)).toBe(42.870051);
    expect(formatCoordinate(74.5)).toBe('74.500000');
  });

  it('wraps longitudes that panning around the globe pushes past ±180', () => {
    expect(wrapLongitude(74.59 + 360)).toBeCloseTo(74.59, 6);
    expect(wrapLongitude(-190)).toBeCloseTo(170, 6);
    expect(wrapLongitude(74.59)).toBeCloseTo(74.59, 6);
  });
});
