import { ApiError } from '@/lib/apiError';
import type { TSessionStore } from '@/lib/session';
import { isTokenPair } from '@/lib/tokens';

export const API_BASE = '/api/v1';

type TQueryValue = string | number | boolean | null | undefined;
export type TQuery = Record<string, TQueryValue | readonly TQueryValue[]>;

export type TRequestOptions = {
  query?: TQuery;
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (a top-up's `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/** A file the server answered (exports): its bytes and the name it suggests in Content-Disposition. */
export type TDownload = { blob: Blob; disposition: string | null };

export type TApiClient = {
  request: <T>(method: string, path: string, options?: TRequestOptions) => Promise<T>;
  get: <T>(path: string, options?: Omit<TRequestOptions, 'body'>) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: TRequestOptions) => Promise<T>;
  patch: <T>(path: string, body?: unknown, options?: TRequestOptions) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: TRequestOptions) => Promise<T>;
  delete: <T>(path: string, options?: TRequestOptions) => Promise<T>;
  /** GET a file (xlsx, csv) with the same auth, language and refresh as every other call. */
  download: (path: string, options?: Omit<TRequestOptions, 'body'>) => Promise<TDownload>;
  /**
   * GET a file and answer the response as soon as its headers arrive (after the same auth, refresh and error
   * handling), for a caller that reads the body as it streams in: the exports' progress (lib/download.ts).
   */
  open: (path: string, options?: Omit<TRequestOptions, 'body'>) => Promise<Response>;
};

export type TApiClientDeps = {
  fetch: typeof fetch;
  session: TSessionStore;
  getLanguage: () => string;
  baseUrl?: string;
};

const REFRESH_PATH = '/accounts/refresh/';

/** Empty filter values are not sent (docs/design.md#4-api-conventions); arrays become repeated parameters. */
export const buildUrl = (baseUrl: string, path: string, query?: TQuery): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values: readonly TQueryValue[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null && item !== '') {
        params.append(name, String(item));
      }
    }
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) {
    return undefined;
  }
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * A small fetch client: bearer token (never on login), `Accept-Language`, JSON in and out. On a 401 it makes
 * exactly one refresh attempt, shared by every call that fails while it runs, retries the call once with the
 * new token, and logs out when the refresh fails (docs/product/common.md sections 4 and 8).
 */
export const createApiClient = ({
  fetch: fetchImpl,
  session,
  getLanguage,
  baseUrl = API_BASE,
}: TApiClientDeps): TApiClient => {
  let refreshing: Promise<boolean> | null = null;

  const send = (method: string, path: string, options: TRequestOptions, accessToken: string | undefined) => {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getLanguage() });
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      headers.set(name, value);
    }
    if (accessToken && !path.includes('/login')) {
      headers.set('Authorization', `Bearer ${accessToken}`);
    }
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    return fetchImpl(buildUrl(baseUrl, path, options.query), { method, headers, body, signal: options.signal });
  };

  const refreshTokens = async (): Promise<boolean> => {
    const current = session.get();
    if (!current) {
      return false;
    }
    const response = await send('POST', REFRESH_PATH, { body: { refresh: current.refresh } }, undefined);
    const tokens = response.ok ? await readBody(response) : null;
    if (!isTokenPair(tokens)) {
      return false;
    }
    session.set(tokens);
    return true;
  };

  /** One refresh for everyone failing at the same time: the first caller starts it, the others await it. */
  const refreshOnce = (): Promise<boolean> => {
    refreshing ??= refreshTokens()
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const respond = async (method: string, path: string, options: TRequestOptions): Promise<Response> => {
    const usedToken = session.get()?.access;
    let response = await send(method, path, options, usedToken);
    const mayRefresh = usedToken !== undefined && !path.includes('/login') && path !== REFRESH_PATH;
    if (response.status === 401 && mayRefresh) {
      // Another call may already have rotated the tokens since this one started: then just retry.
      const rotated = session.get()?.access !== usedToken;
      const hasNewToken = rotated || (await refreshOnce());
      const nextToken = session.get()?.access;
      if (!hasNewToken || !nextToken) {
        session.clear();
        throw new ApiError(401, await readBody(response));
      }
      response = await send(method, path, options, nextToken);
      if (response.status === 401) {
        session.clear();
      }
    }
    if (!response.ok) {
      throw new ApiError(response.status, await readBody(response));
    }
    return response;
  };

  const request = async <T>(method: string, path: string, options: TRequestOptions = {}): Promise<T> =>
    (await readBody(await respond(method, path, options))) as T;

  const download = async (path: string, options: Omit<TRequestOptions, 'body'> = {}): Promise<TDownload> => {
    const response = await respond('GET', path, options);
    return { blob: await response.blob(), disposition: response.headers.get('Content-Disposition') };
  };

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    download,
    open: (path, options = {}) => respond('GET', path, options),
  };
};
