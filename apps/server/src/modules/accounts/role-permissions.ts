import { isPermission, PERMISSIONS, type TPermission } from '@zaryad/contracts';
import type { AuthAccount } from '../../http/auth';

/** The catalogue's keys a stored role holds, in catalogue order (a key a later release dropped is left out). */
export const knownPermissions = (stored: readonly string[]): TPermission[] => {
  const held = new Set(stored.filter(isPermission));
  return PERMISSIONS.filter((permission) => held.has(permission));
};

/** No escalation: an account gives, and changes, only what it holds itself. */
export const holdsAll = (actor: AuthAccount, permissions: readonly string[]) =>
  knownPermissions(permissions).every((permission) => actor.permissions.has(permission));
