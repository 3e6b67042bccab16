/** `{ '../ru/accounts.ts': texts }` (an eager `import.meta.glob`) as `{ accounts: texts }`. */
export const textsByNamespace = (modules: Record<string, object>): Record<string, object> =>
  Object.fromEntries(Object.entries(modules).map(([path, texts]) => [path.replace(/^.*\/([^/]+)\.ts$/, '$1'), texts]));
