import { jsonResponse, stubFetch } from '@/app/testing/renderRoutes';
import { SESSION_KEY } from '@/lib/session';
import { fakeMe } from '@/app/testing/fakeMe';

type TRecord = {
  id: number;
  title_ru: string;
  title_en: string;
  title_ky: string;
  status: 0 | 1;
  icon_path?: string | null;
};

export const ME = fakeMe();

export type TFakeOverride = (url: URL, init: RequestInit | undefined) => Response | undefined;

/**
 * A fake of one catalogue path (`/api/v1/common/tags/`): lists, bulk statuses, create, edit and delete on an
 * in-memory list, recording every request. `override` answers first, for refusals and errors.
 */
export const fakeCatalogueServer = (path: string, records: TRecord[], override?: TFakeOverride) => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  const store = records.map((record) => ({ ...record }));
  const base = `/api/v1${path}`;
  const requests = stubFetch((url, init) => {
    const overridden = override?.(url, init);
    if (overridden) {
      return overridden;
    }
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, ME);
    }
    if (url.pathname === base && method === 'GET') {
      return jsonResponse(200, {
        items: store,
        page: 1,
        pages: store.length > 0 ? 1 : 0,
        size: 10,
        total: store.length,
      });
    }
    if (url.pathname === `${base}statuses/` && method === 'PATCH') {
      const body = JSON.parse(String(init?.body)) as { ids: number[]; active: boolean };
      const updated = store.filter((record) => body.ids.includes(record.id));
      for (const record of updated) {
        record.status = body.active ? 0 : 1;
      }
      return jsonResponse(200, updated);
    }
    if (url.pathname === base && method === 'POST') {
      const created = { id: 100, title_ru: 'new', title_en: '', title_ky: '', status: 0 as const };
      return jsonResponse(201, created);
    }
    const id = Number(url.pathname.slice(base.length).replace('/', ''));
    const record = store.find((item) => item.id === id);
    if (record && method === 'PATCH') {
      return jsonResponse(200, record);
    }
    if (record && method === 'DELETE') {
      store.splice(store.indexOf(record), 1);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return { requests, store };
};

/** The requests with a method and path, e.g. `calls(requests, 'POST', '/api/v1/common/tags/')`. */
export const callsTo = (
  requests: Array<{ url: URL; init: RequestInit | undefined }>,
  method: string,
  pathname: string,
) => requests.filter((request) => (request.init?.method ?? 'GET') === method && request.url.pathname === pathname);
