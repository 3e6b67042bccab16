import { currentLanguage } from '@/lib/i18n';
import { readSession, writeSession } from '@/lib/session';

/** The drivers' API (docs/product/app-api.md): the only server this app talks to. */
export const API_BASE = '/api/app/v1';
/** Sent with every call: the driver's devices and charges name the web app and its build. */
const APP_HEADERS = { 'X-App-Platform': 'web', 'X-App-Version': import.meta.env.VITE_APP_VERSION ?? 'web-1' };

/** An answer that was not 2xx: its status and the server's words (`detail`, or the fields' messages). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(messageOf(body) ?? `HTTP ${status}`);
  }

  /** The first message of a field, for a form to show beside it. */
  fieldError(field: string): string | undefined {
    const fields = this.body as Record<string, unknown> | null;
    const messages = fields?.[field];
    return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
  }
}

/** The server's `detail`, or the first field message; undefined for a body of neither. */
const messageOf = (body: unknown): string | undefined => {
  if (!body || typeof body !== 'object') {
    return undefined;
  }
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') {
    return record.detail;
  }
  const first = Object.values(record).find((value) => Array.isArray(value) && typeof value[0] === 'string');
  return Array.isArray(first) ? String(first[0]) : undefined;
};

/** The network could not be reached: the app says so instead of a server's words. */
export class OfflineError extends Error {}

type TRequest = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** A call's own headers (an `Idempotency-Key`); the app's headers and the token are always sent and win. */
  headers?: Record<string, string>;
};

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time for every call that found its token expired; a refused refresh ends the sign-in. */
const refreshOnce = () => {
  refreshing ??= (async () => {
    const session = readSession();
    if (!session) {
      return false;
    }
    try {
      const response = await fetch(`${API_BASE}/auth/refresh/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': currentLanguage(), ...APP_HEADERS },
        body: JSON.stringify({ refresh: session.refresh }),
      });
      if (!response.ok) {
        writeSession(null);
        return false;
      }
      const tokens = (await response.json()) as { access: string; refresh: string };
      writeSession({ access: tokens.access, refresh: tokens.refresh });
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
};

const urlOf = (path: string, query: TRequest['query']) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') {
      params.set(name, String(value));
    }
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
};

/** A call of the drivers' API with the driver's token (refreshed once when it expired) and language. */
export const request = async <T>(path: string, options: TRequest = {}, retried = false): Promise<T> => {
  const session = readSession();
  let response: Response;
  try {
    response = await fetch(urlOf(path, options.query), {
      method: options.method ?? 'GET',
      headers: {
        ...options.headers,
        'accept-language': currentLanguage(),
        ...APP_HEADERS,
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(session && { authorization: `Bearer ${session.access}` }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) {
      throw error;
    }
    throw new OfflineError('offline');
  }
  if (response.status === 401 && session && !retried && (await refreshOnce())) {
    return request<T>(path, options, true);
  }
  if (response.status === 204) {
    return undefined as T;
  }
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    if (response.status === 401 && session) {
      writeSession(null);
    }
    throw new ApiError(response.status, body);
  }
  return body as T;
};

export const api = {
  get: <T>(path: string, options: Omit<TRequest, 'method' | 'body'> = {}) => request<T>(path, options),
  post: <T>(path: string, body?: unknown, options: Pick<TRequest, 'headers'> = {}) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body: unknown) => request<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};
