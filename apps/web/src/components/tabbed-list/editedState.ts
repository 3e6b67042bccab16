/**
 * A list in tabs kept in the URL as `?tab=` (promotions by validity, banners by type and archive), and what its form
 * tells it after an edit: docs/product/common.md#4-states-and-rules, the edited item leaves the current list, and the list says where it went.
 */

/** The tab of a `?tab=` value; anything else is the first tab. */
export const readTab = <TTab extends string>(tabs: readonly [TTab, ...TTab[]], raw: string | null): TTab =>
  tabs.find((tab) => tab === raw) ?? tabs[0];

/** What the form passes back in the router's state after a save. */
export type TEditedState<TTab extends string> = { edited: { id: number; name: string; tab: TTab } };

/** The edited item of a router state, when it is one and names one of `tabs`. */
export const readEditedState = <TTab extends string>(
  state: unknown,
  tabs: readonly TTab[],
): TEditedState<TTab>['edited'] | null => {
  if (typeof state !== 'object' || state === null || !('edited' in state)) {
    return null;
  }
  const edited = (state as TEditedState<TTab>).edited;
  return typeof edited.id === 'number' && typeof edited.name === 'string' && tabs.includes(edited.tab) ? edited : null;
};
