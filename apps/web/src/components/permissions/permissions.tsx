import type { TPermission, TPermissionAction, TPermissionDomain } from '@zaryad/contracts';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** The actions a screen's controls map onto: create and edit buttons, delete, bulk status, exports. */
export type TDomainCan = Record<'create' | 'edit' | 'delete' | 'status' | 'export', boolean>;

/**
 * The signed-in account's permissions, given by the signed-in layout from `/accounts/me/`. Null means no layout
 * above: a screen rendered on its own (component tests) is not gated, since the server decides anyway and answers
 * 403 to a call the account may not make; these checks only keep controls out of a role's way.
 */
const PermissionsContext = createContext<ReadonlySet<string> | null>(null);


export const PermissionsProvider = ({
  permissions,
  children,
}: {
  permissions: readonly TPermission[];
  children: ReactNode;
}) => {
  const value = useMemo(() => new Set<string>(permissions), [permissions]);
  return <PermissionsContext.Provider value={value}>{children}</PermissionsContext.Provider>;
};

/** `can('merchants.edit')`: whether the signed-in account holds the permission. */
export const usePermissions = (): { can: (permission: TPermission) => boolean } => {
  const held = useContext(PermissionsContext);
  return useMemo(() => ({ can: (permission: TPermission) => held === null || held.has(permission) }), [held]);
};

export const useCan = (permission: TPermission): boolean => usePermissions().can(permission);

// Without a layout above, an action the catalogue does not give the domain may show (no delete for accounts): no
// screen asks for one, and reading the catalogue here would put it in every screen's download.
const holds = (held: ReadonlySet<string> | null, domain: TPermissionDomain, action: TPermissionAction): boolean =>
  held === null || held.has(`${domain}.${action}`);

/** What the account may do in one domain: the list kit and the detail screens hide their controls by it. */
export const useDomainCan = (domain: TPermissionDomain): TDomainCan => {
  const held = useContext(PermissionsContext);
  return useMemo(
    () => ({
      create: holds(held, domain, 'create'),
      edit: holds(held, domain, 'edit'),
      delete: holds(held, domain, 'delete'),
      status: holds(held, domain, 'status'),
      export: holds(held, domain, 'export'),
    }),
    [held, domain],
  );
};
