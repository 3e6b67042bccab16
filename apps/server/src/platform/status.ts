import { STATUS, type TStatus } from '@zaryad/contracts';

/** A stored status as the contract's code: 0 active, anything else inactive (the column is a plain smallint). */
export const toStatus = (value: number): TStatus => (value === STATUS.active ? STATUS.active : STATUS.inactive);

/** The status code an `active` flag of a request stands for. */
export const statusOf = (isActive: boolean): TStatus => (isActive ? STATUS.active : STATUS.inactive);
