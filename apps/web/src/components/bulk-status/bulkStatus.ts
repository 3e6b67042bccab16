import { STATUS, type TPaged, type TStatus } from '@zaryad/contracts';

export type TStatusRecord = { id: number; status: TStatus };

export type TBulkState =
  | { kind: 'empty' }
  | { kind: 'mixed'; count: number }
  /** `active` is the target flag sent to the server. */
  | { kind: 'ready'; count: number; active: boolean };

/**
 * docs/product/common.md#4-states-and-rules: mixed statuses disable the button; otherwise the target is the opposite of the
 * first selected row's status (all active -> deactivate, all inactive -> activate).
 */
export const getBulkState = (selected: readonly TStatusRecord[]): TBulkState => {
  const [first] = selected;
  if (!first) {
    return { kind: 'empty' };
  }
  if (selected.some((record) => record.status !== first.status)) {
    return { kind: 'mixed', count: selected.length };
  }
  return { kind: 'ready', count: selected.length, active: first.status !== STATUS.active };
};

/** The server answers the updated records; they replace their namesakes and keep the list's order. */
export const mergeById = <T extends { id: number | string }>(list: readonly T[], updated: readonly T[]): T[] => {
  const byId = new Map(updated.map((record) => [record.id, record]));
  return list.map((record) => byId.get(record.id) ?? record);
};

/** The same merge on a cached page of a list (TanStack Query's `setQueryData` updater). */
export const mergeIntoPage =
  <T extends { id: number | string }>(updated: readonly T[]) =>
  (page: TPaged<T> | undefined): TPaged<T> | undefined =>
    page ? { ...page, items: mergeById(page.items, updated) } : page;
