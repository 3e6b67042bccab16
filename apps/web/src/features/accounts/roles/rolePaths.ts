import type { TRoleDetails } from '@zaryad/contracts';

/** `accounts/roles` and its records' pages (docs/product/accounts.md#2-screens). */
export const ROLES_PATH = '/accounts/roles';
export const roleViewPath = (id: number) => `${ROLES_PATH}/view/${id}`;
export const roleEditPath = (id: number) => `${ROLES_PATH}/edit/${id}`;

/** A role opens for editing only when it is custom and the account may manage roles; otherwise it is read. */
export const isRoleEditable = (role: TRoleDetails, canManage: boolean) => canManage && !role.is_built_in;
