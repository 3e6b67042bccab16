import { describe, expect, it } from 'vitest';
import { changeTone, KPI_GOOD_WHEN, type TKpiKey } from '@/features/analytics/kpiTone';

describe('the colour of a change says good or bad for its figure', () => {
  // Issue 31: +873 % failed charges was drawn green and -36 % red.
  it('calls more failed charges bad and fewer good', () => {
    expect(changeTone('failed_charges', 873)).toBe('bad');
    expect(changeTone('failed_charges', -36)).toBe('good');
  });

  it('calls more turnover, charges, energy and users good, and less bad', () => {
    for (const kpi of ['turnover', 'charges', 'energy_kwh', 'active_users', 'new_users', 'average_check'] as const) {
      expect([kpi, changeTone(kpi, 12.5)]).toEqual([kpi, 'good']);
      expect([kpi, changeTone(kpi, -3)]).toEqual([kpi, 'bad']);
    }
  });

  it('leaves a longer average session and more promotion users neither good nor bad', () => {
    expect(changeTone('average_session_seconds', 40)).toBe('neutral');
    expect(changeTone('average_session_seconds', -40)).toBe('neutral');
    expect(changeTone('promo_users', 10)).toBe('neutral');
  });

  it('calls no change neutral whatever the figure', () => {
    for (const kpi of Object.keys(KPI_GOOD_WHEN) as TKpiKey[]) {
      expect([kpi, changeTone(kpi, 0)]).toEqual([kpi, 'neutral']);
    }
  });

  it('has a line for each card of the dashboard', () => {
    expect(Object.keys(KPI_GOOD_WHEN).sort()).toEqual(
      [
        'turnover',
        'energy_kwh',
        'charges',
        'failed_charges',
        'new_users',
        'promo_users',
        'active_users',
        'merchants',
        'stations',
        'connectors',
        'average_check',
        'average_session_seconds',
      ].sort(),
    );
  });
});
