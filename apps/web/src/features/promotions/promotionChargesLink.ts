/** The charges list, where a click on the promotions report's chart leads (issue 33 item 8). */
const CHARGES_LIST = '/chargers-list';

/**
 * A day of the promotions report's chart: the charges of the report's promotions that finished that day (the report
 * counts a use at its charge's Bishkek finish, docs/product/promotions.md).
 */
export const promotionDayLink = (day: string, promotionIds: readonly number[]) => {
  const params = new URLSearchParams({ finished_date__from: day, finished_date__to: day });
  // Repeated, as the list writes a list filter in its URL.
  for (const id of promotionIds) {
    params.append('promotion_id__in', String(id));
  }
  return `${CHARGES_LIST}?${params.toString()}`;
};
