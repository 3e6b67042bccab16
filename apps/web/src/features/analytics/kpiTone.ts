import type { TAnalytics } from '@zaryad/contracts/analytics';

/** The figures of GET /analytics/ that the dashboard shows as cards. */
export type TKpiKey = Exclude<
  keyof TAnalytics,
  'period' | 'start' | 'end' | 'previous_start' | 'previous_end' | 'in_progress' | 'until' | 'previous_until'
>;

/**
 * Which way is good for each figure (issue 31): the colour of a change says good (green) or bad (red) for that
 * figure, not up or down. More failed charges is bad; a longer average session or more users of promotions is neither
 * (grey: it depends on why). A Record of the cards' keys: a figure added to the contract cannot miss its line.
 */
export const KPI_GOOD_WHEN: Record<TKpiKey, 'up' | 'down' | 'neither'> = {
  turnover: 'up',
  energy_kwh: 'up',
  charges: 'up',
  failed_charges: 'down',
  new_users: 'up',
  promo_users: 'neither',
  active_users: 'up',
  merchants: 'up',
  stations: 'up',
  connectors: 'up',
  average_check: 'up',
  average_session_seconds: 'neither',
};

export type TChangeTone = 'good' | 'bad' | 'neutral';

/** The tone of a change of a figure: its sign (a rise from zero counts as up) against the figure's good way. */
export const changeTone = (kpi: TKpiKey, change: number): TChangeTone => {
  const goodWhen = KPI_GOOD_WHEN[kpi];
  if (change === 0 || goodWhen === 'neither') {
    return 'neutral';
  }
  return change > 0 === (goodWhen === 'up') ? 'good' : 'bad';
};
