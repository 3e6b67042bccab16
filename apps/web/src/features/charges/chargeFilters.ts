import { clockParam, dayParam, idParam, listOf, oneOf, readId } from '@/components/data-table/listParams';
import {
  CHARGE_SOURCE_LIST,
  CHARGE_STATUS_LIST,
  PAYMENT_METHOD_LIST,
  WEEKDAY_LIST,
} from '@/features/charges/chargeText';

/** `/chargers-list`'s URL filters, by the contract's names (ZChargeListQuery); every one survives a reload. */
export const CHARGE_FILTERS = {
  search_by_id: idParam,
  search_by_tx_id: idParam,
  search_by_user_id: idParam,
  status: listOf(oneOf(CHARGE_STATUS_LIST)),
  station_id__in: listOf(readId),
  period__from: dayParam,
  period__to: dayParam,
  finished_date__from: dayParam,
  finished_date__to: dayParam,
  finished_time__from: clockParam,
  finished_time__to: clockParam,
  finished_weekday: listOf(oneOf(WEEKDAY_LIST)),
  payment_method: oneOf(PAYMENT_METHOD_LIST),
  platform: oneOf(['1', '2']),
  source: oneOf(CHARGE_SOURCE_LIST),
  promotion_id__in: listOf(readId),
};
export type TChargeFilterShape = typeof CHARGE_FILTERS;

/** The filters that live in the foldable panel (the number, transaction and user searches sit in the toolbar). */
export const PANEL_FILTERS = [
  'status',
  'station_id__in',
  'period__from',
  'period__to',
  'finished_date__from',
  'finished_date__to',
  'finished_time__from',
  'finished_time__to',
  'finished_weekday',
  'payment_method',
  'platform',
  'source',
  'promotion_id__in',
] as const satisfies readonly (keyof TChargeFilterShape)[];
