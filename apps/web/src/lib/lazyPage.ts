import type { ComponentType } from 'react';

/** sessionStorage flag: this tab already reloaded once for a missing chunk. */
export const CHUNK_RELOAD_KEY = 'zaryad.chunk-reload';

const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );

/**
 * A route's `lazy` loader. After a deployment the old chunk names are gone: the first failed chunk reloads the
 * page to pick up the new build (docs/product/common.md#8-messages). The flag stops a loop when the chunk is really missing;
 * the error then reaches the route's error page. A later successful load clears the flag for the next deploy.
 */
export const lazyPage =
  <TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) =>
  async (): Promise<{ Component: ComponentType }> => {
    try {
      const module = await load();
      sessionStorage.removeItem(CHUNK_RELOAD_KEY);
      return { Component: pick(module) };
    } catch (error) {
      if (isChunkLoadError(error) && sessionStorage.getItem(CHUNK_RELOAD_KEY) === null) {
        sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
        window.location.reload();
        // Never settles: the page is going away, and the error page must not flash meanwhile.
        return new Promise<never>(() => undefined);
      }
      throw error;
    }
  };
