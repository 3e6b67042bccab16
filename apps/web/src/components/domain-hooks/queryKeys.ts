/** Builds the key of one of a domain's other reads (roles, a report...): `[domain, name, ...parts]`. */
export type TKeyOf<TDomain extends string> = <const TParts extends readonly unknown[]>(
  name: string,
  ...parts: TParts
) => readonly [TDomain, string, ...TParts];

/**
 * Query keys of one domain, from the widest to the narrowest, so that an invalidation picks its scope:
 * `all` covers everything the domain caches, `lists()` every page of its list, `detail(id)` one record.
 * `extra` adds the domain's other reads, built with `of` so that they stay under `all`.
 */
export const createQueryKeys = <const TDomain extends string, TExtra extends object = Record<never, never>>(
  domain: TDomain,
  extra?: (of: TKeyOf<TDomain>) => TExtra,
) => {
  const of: TKeyOf<TDomain> = (name, ...parts) => [domain, name, ...parts] as const;
  const base = {
    all: [domain] as const,
    lists: () => [domain, 'list'] as const,
    list: <TQuery extends object>(query: TQuery) => [domain, 'list', query] as const,
    details: () => [domain, 'detail'] as const,
    detail: (id: number) => [domain, 'detail', id] as const,
    of,
  };
  return { ...base, ...(extra?.(of) ?? ({} as TExtra)) };
};

export type TQueryKeys = ReturnType<typeof createQueryKeys<string>>;

/**
 * Every query key of the dashboard, by domain, in this one file: an invalidation names a scope of this tree, so it
 * cannot miss a key spelled by hand elsewhere (`queryKeys.test.ts` refuses any other `createQueryKeys` call or
 * literal key). A feature's `api.ts` re-exports its own branch (`userKeys = queryKeys.users`).
 */
export const queryKeys = {
  auth: createQueryKeys('auth', (of) => ({ me: () => of('me') })),
  accounts: createQueryKeys('accounts', (of) => ({
    roles: () => of('roles'),
    role: (id: number) => of('roles', id),
  })),
  sessions: createQueryKeys('sessions', (of) => ({ own: () => of('own') })),
  settings: createQueryKeys('account-settings'),
  /** The server's scheduled jobs (settings' card for superadmins). */
  systemJobs: createQueryKeys('system-jobs'),
  /** The account's column settings of each list (`useColumnSettings`). */
  listSettings: createQueryKeys('list-settings', (of) => ({ one: (list: string) => of('one', list) })),
  analytics: createQueryKeys('analytics', (of) => ({
    summary: <const TQuery extends object>(query: TQuery) => of('summary', query),
    graph: <const TQuery extends object>(query: TQuery) => of('graph', query),
    timeline: () => of('timeline'),
    heatMap: <const TQuery extends object>(query: TQuery) => of('heat-map', query),
  })),
  audit: createQueryKeys('audit', (of) => ({
    history: (entity: string, id: number) => of('history', entity, id),
    accounts: () => of('accounts'),
  })),
  banners: createQueryKeys('banners'),
  /** Incidents and the alert rules' settings (features/alerts). */
  incidents: createQueryKeys('incidents', (of) => ({ rules: () => of('rules'), assignees: () => of('assignees') })),
  /** Card payments through the payment provider (issue 39), their totals and a driver's saved cards (wallet). */
  cardPayments: createQueryKeys('card-payments', (of) => ({
    totals: <const TQuery extends object>(query: TQuery) => of('totals', query),
    /** A driver's saved cards and automatic top-up (the user's page). */
    wallet: (userId: number) => of('wallet', userId),
  })),
  charges: createQueryKeys('charges', (of) => ({
    totals: <const TQuery extends object>(query: TQuery) => of('totals', query),
    /** What is refunded of an ended charge and what is left. */
    refunds: (id: number) => of('refunds', id),
  })),
  geo: createQueryKeys('geo', (of) => ({
    config: () => of('config'),
    reverse: (latitude: number, longitude: number, language: string) => of('reverse', latitude, longitude, language),
    search: (query: string, language: string) => of('search', query, language),
  })),
  lookups: createQueryKeys('lookups', (of) => ({
    connectorTypes: () => of('connector-types'),
    connectorPositions: (language: string) => of('connector-positions', language),
    countries: (language: string) => of('countries', language),
    settlements: (countryId: number, language: string) => of('settlements', countryId, language),
  })),
  merchants: createQueryKeys('merchants', (of) => ({
    forUpdate: (id: number) => of('for-update', id),
    report: <const TPeriod extends object>(id: number, period: TPeriod) => of('report', id, period),
    stations: (merchant: number) => of('stations', merchant),
    stationPage: <const TQuery extends { merchant: number }>(query: TQuery) => of('stations', query.merchant, query),
  })),
  ocpp: createQueryKeys('ocpp', (of) => ({
    state: (stationId: number) => of('state', stationId),
    /** Every page of one station's commands. */
    stationCommands: (stationId: number) => of('commands', stationId),
    commands: (stationId: number, page: number) => of('commands', stationId, page),
    /** The charge point panel's reads (issue 34): firmware files, progress, diagnostics, local list, reservations. */
    firmware: (page: number) => of('firmware', page),
    progress: (stationId: number) => of('progress', stationId),
    diagnostics: (stationId: number, page: number) => of('diagnostics', stationId, page),
    localList: (stationId: number) => of('local-list', stationId),
    reservations: (stationId: number) => of('reservations', stationId),
    drivers: (search: string) => of('drivers', search),
  })),
  partners: createQueryKeys('partners'),
  pickers: createQueryKeys('pickers', (of) => ({
    options: (kind: string, search: string) => of(kind, search),
    stations: (path: string, search: string, merchant?: number) => of('stations', path, search, merchant ?? 0),
    merchants: (search: string) => of('merchants', search),
    personalRates: (typo: string) => of('personal-rates', typo),
  })),
  promoCodes: createQueryKeys('promo-codes'),
  promotions: createQueryKeys('promotions', (of) => ({
    report: <const TPeriod extends object>(period: TPeriod) => of('report', period),
    /** The promo codes' promotion filter, searched on the server; under `all`, so a changed promotion shows there. */
    forCodes: (search: string) => of('for-codes', search),
  })),
  /** The bell's list and unread count, the account's notification preferences (features/notifications). */
  notifications: createQueryKeys('notifications', (of) => ({ preferences: () => of('preferences') })),
  rates: createQueryKeys('rates', (of) => ({
    defaultFees: () => of('default-fees'),
    /** Every rate's price versions (Tariffs II): a price change of any write makes a version. */
    allVersions: () => of('versions'),
    /** One rate's price versions, newest first. */
    versions: (id: number) => of('versions', id),
  })),
  referrals: createQueryKeys('referrals', (of) => ({ settings: () => of('settings') })),
  /** Saved views of a list (`list({ list: 'charges' })`). */
  savedViews: createQueryKeys('saved-views'),
  /** The header's global search, by text and language. */
  search: createQueryKeys('search'),
  /** The SMS outbox (superadmins). */
  sms: createQueryKeys('sms'),
  stations: createQueryKeys('stations', (of) => ({
    forUpdate: (id: number) => of('for-update', id),
    /** Every connector's tariff in force (any rate change may change them). */
    connectorPrices: () => of('connector-price'),
    connectorPrice: (connectorId: number) => of('connector-price', connectorId),
  })),
  surroundings: createQueryKeys('surroundings'),
  tags: createQueryKeys('tags'),
  /** Availability per station (by day or month) and the network's report; any station change invalidates `all`. */
  uptime: createQueryKeys('uptime', (of) => ({
    station: (id: number, from: string, to: string, granularity: string) => of('station', id, from, to, granularity),
    report: (merchantId: number | null, from: string, to: string) => of('report', merchantId, from, to),
  })),
  webhooks: createQueryKeys('webhooks', (of) => ({
    deliveries: (id: number, page: number) => of('deliveries', id, page),
  })),
  /** App users and their ledger: every statement read sits under `payments()`. */
  users: createQueryKeys('users', (of) => ({
    payments: () => of('payments'),
    paymentPage: <const TQuery extends object>(query: TQuery) => of('payments', 'page', query),
    paymentTotals: <const TQuery extends object>(query: TQuery) => of('payments', 'totals', query),
    devices: (id: number) => of('devices', id),
  })),
};
