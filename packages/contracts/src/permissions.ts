/**
 * The permission catalogue: what a dashboard role may do, one key `<domain>.<action>` per domain and action.
 * Plain constants without zod, so that the web app's menu and buttons read them without loading a parser.
 *
 * A later domain adds itself here: one line `domain: ['view', 'create', ...]` with the actions its routes need (an
 * action outside PERMISSION_ACTIONS is added there too). Its routes then declare `config: { permission: 'domain.view' }`,
 * and the built-in roles (apps/server/src/modules/accounts/roles.seed.ts) pick the new keys up on the next start by
 * their rules (superadmin everything, analyst every view and export, ...); custom roles get them when someone ticks them.
 */

/** Actions in the order the matrix shows them as columns. */
export const PERMISSION_ACTIONS = [
  'view',
  'create',
  'edit',
  'delete',
  'status',
  'export',
  'top_up',
  'stop',
  'reset',
  'manage',
  'manage_charge_point',
  'refund',
  'correct',
] as const;
export type TPermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** Domains in the order the matrix shows them as rows, each with the actions that apply to it. */
export const PERMISSION_CATALOGUE = {
  /** Dashboard accounts (no delete: an account is blocked, never removed). */
  accounts: ['view', 'create', 'edit', 'status'],
  /** Roles and their permissions; `roles.view` also lists them in the account form. */
  roles: ['view', 'manage'],
  merchants: ['view', 'create', 'edit', 'status', 'export'],
  /** `reset`: the Reset call; `manage_charge_point`: every command of the charge point's command call (modules/ocpp). */
  stations: ['view', 'create', 'edit', 'delete', 'status', 'reset', 'manage_charge_point'],
  /** Tariffs (payments/rates). */
  rates: ['view', 'create', 'edit', 'delete', 'status'],
  tags: ['view', 'create', 'edit', 'delete', 'status'],
  /** Infrastructure around stations (the API's `surroundings`). */
  infrastructure: ['view', 'create', 'edit', 'delete', 'status'],
  /** Software rental partners. */
  partners: ['view', 'create', 'edit', 'status'],
  /** App users (the mobile app's drivers). */
  users: ['view', 'edit', 'status', 'export'],
  /** App users' balances and their statements (payments). */
  balances: ['view', 'top_up', 'export', 'correct'],
  /** Charging sessions (the API's transactions). */
  charges: ['view', 'stop', 'export', 'refund'],
  /** Card payments through the payment provider (issue 39): `refund` sends money back to the card. */
  card_payments: ['view', 'export', 'refund'],
  promotions: ['view', 'create', 'edit', 'delete', 'status', 'export'],
  promo_codes: ['view', 'create', 'edit', 'delete', 'status', 'export'],
  referrals: ['view', 'edit', 'export'],
  banners: ['view', 'create', 'edit', 'delete', 'status'],
  /** The dashboard and analytics screens. */
  analytics: ['view', 'export'],
  /** News of the dashboard's timeline. */
  news: ['view', 'create', 'edit', 'delete'],
  /** The audit log (append-only: nothing edits it). */
  audit: ['view', 'export'],
  /** Live operations (issue 35): `view` the incidents and live board, `edit` acknowledge, assign and resolve an
   * incident, `manage` the alert rules and the network's webhooks. */
  alerts: ['view', 'edit', 'manage'],
} as const satisfies Record<string, readonly TPermissionAction[]>;

export type TPermissionDomain = keyof typeof PERMISSION_CATALOGUE;

/** Every permission key: `merchants.edit`, `balances.top_up`, `audit.view`, ... */
export type TPermission = {
  [TDomain in TPermissionDomain]: `${TDomain}.${(typeof PERMISSION_CATALOGUE)[TDomain][number]}`;
}[TPermissionDomain];

export const PERMISSION_DOMAINS = Object.keys(PERMISSION_CATALOGUE) as TPermissionDomain[];

/** Every permission, domain by domain in catalogue order. */
export const PERMISSIONS: readonly TPermission[] = PERMISSION_DOMAINS.flatMap((domain) =>
  PERMISSION_CATALOGUE[domain].map((action: TPermissionAction) => `${domain}.${action}` as TPermission),
);

const KNOWN_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSIONS);

export const isPermission = (value: string): value is TPermission => KNOWN_PERMISSIONS.has(value);

/** The domain and action of a permission key. */
export const splitPermission = (permission: TPermission): { domain: TPermissionDomain; action: TPermissionAction } => {
  const [domain, action] = permission.split('.') as [TPermissionDomain, TPermissionAction];
  return { domain, action };
};

/**
 * What a route needs: a permission, `signed_in` (any signed-in account: its own profile and settings, lookups shared by
 * every screen) or `public` (no token: sign-in, refresh, password recovery, health, the API document).
 */
export type TRoutePermission = TPermission | 'signed_in' | 'public';
