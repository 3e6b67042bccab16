import type { TPermission } from '@zaryad/contracts';
import { useMatches } from 'react-router';
import { findMenuItem, visibleMainMenu, isMenuGroup } from '@/app/layout/menu';
import { readRouteHandle } from '@/app/layout/routeHandle';

/**
 * Every permission the matched routes need: the menu item's `view` (a form below `/accounts` needs
 * `accounts.view` too) and each route's own `permission`.
 */
export const requiredPermissions = (handles: readonly unknown[]): TPermission[] => {
  const read = handles.map(readRouteHandle);
  const menuKey = read.findLast((handle) => handle.menu)?.menu;
  const menuPermission = menuKey ? findMenuItem(menuKey)?.permission : undefined;
  return [menuPermission, ...read.map((handle) => handle.permission)].filter(
    (permission): permission is TPermission => permission !== undefined,
  );
};

export const useRequiredPermissions = (): TPermission[] =>
  requiredPermissions(useMatches().map((match) => match.handle));

/** Where to send an account whose role does not open the main page: its first menu item, else settings. */
export const firstAllowedPath = (can: (permission: TPermission) => boolean): string => {
  const first = visibleMainMenu(can).flatMap((entry) => (isMenuGroup(entry) ? entry.items : [entry]))[0];
  return first?.path ?? '/settings';
};
