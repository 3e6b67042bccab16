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
