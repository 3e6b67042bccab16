/** `"12.345"` kWh from watt-hours, without floating point (as the charges engine writes it). */
export const formatKwh = (wattHours: number) =>
  `${Math.trunc(wattHours / 1000)}.${String(wattHours % 1000).padStart(3, '0')}`;
