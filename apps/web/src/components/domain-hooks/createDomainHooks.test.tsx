import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { TPaged } from '@zaryad/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/app/testing/renderRoutes';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { createQueryKeys } from '@/components/domain-hooks/queryKeys';
import { SESSION_KEY } from '@/lib/session';

type TThing = { id: number; name: string; status: 0 | 1 };
type TQuery = { page: number; size: number; active?: 'true' | 'false' };

const thingKeys = createQueryKeys('things', (of) => ({ summary: () => of('summary') }));
const otherKeys = createQueryKeys('others');
const thingHooks = createDomainHooks<TThing, TQuery, { name: string }, { name: string }>({
  keys: thingKeys,
  path: '/things/',
  related: [thingKeys.summary()],
  isRowTheDetail: true,
});

const page = (items: TThing[], number = 1): TPaged<TThing> => ({ items, page: number, pages: 2, size: 2, total: 4 });
const A = { id: 1, name: 'A', status: 0 } as const;
const B = { id: 2, name: 'B', status: 0 } as const;
const C = { id: 3, name: 'C', status: 1 } as const;

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** Seeds the cache as a visited list would have left it: two pages, two details, a summary and another domain. */
const seed = () => {
  queryClient.setQueryData(thingKeys.list({ page: 1, size: 2 }), page([A, B]));
  queryClient.setQueryData(thingKeys.list({ page: 2, size: 2 }), page([C], 2));
  queryClient.setQueryData(thingKeys.detail(1), A);
  queryClient.setQueryData(thingKeys.detail(3), C);
  queryClient.setQueryData(thingKeys.summary(), { count: 3 });
  queryClient.setQueryData(otherKeys.lists(), page([]));
};

const isStale = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated ?? false;

beforeEach(() => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed();
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

test('query keys nest from the domain to one record, and the extras stay under the domain', () => {
  expect(thingKeys.all).toEqual(['things']);
  expect(thingKeys.list({ page: 1 })).toEqual(['things', 'list', { page: 1 }]);
  expect(thingKeys.detail(4)).toEqual(['things', 'detail', 4]);
  expect(thingKeys.summary()).toEqual(['things', 'summary']);
});

test('a bulk status merges the answer into every cached page by id and sends no other request', async () => {
  const requests = stubFetch((url, init) =>
    url.pathname === '/api/v1/things/statuses/' && init?.method === 'PATCH'
      ? jsonResponse(200, [
          { ...B, status: 1 },
          { ...C, status: 0 },
        ])
      : undefined,
  );
  const { result } = renderHook(() => thingHooks.useSetStatuses(), { wrapper });
  await act(() => result.current.mutateAsync({ ids: [2, 3], active: false }));

  expect(requests.map((request) => `${request.init?.method} ${request.url.pathname}`)).toEqual([
    'PATCH /api/v1/things/statuses/',
  ]);
  expect(queryClient.getQueryData(thingKeys.list({ page: 1, size: 2 }))).toEqual(page([A, { ...B, status: 1 }]));
  expect(queryClient.getQueryData(thingKeys.list({ page: 2, size: 2 }))).toEqual(page([{ ...C, status: 0 }], 2));
  // A row is the whole record here: the cached detail takes the answer; an untouched one stays as it was.
  expect(queryClient.getQueryData(thingKeys.detail(3))).toEqual({ ...C, status: 0 });
  expect(isStale(thingKeys.detail(1))).toBe(false);
  expect(isStale(otherKeys.lists())).toBe(false);
});

test('an update becomes the cached detail and invalidates the lists and related reads, not other details', async () => {
  stubFetch((url, init) =>
    url.pathname === '/api/v1/things/1/' && init?.method === 'PATCH'
      ? jsonResponse(200, { ...A, name: 'A2' })
      : undefined,
  );
  const { result } = renderHook(() => thingHooks.useUpdateOne(1), { wrapper });
  await act(() => result.current.mutateAsync({ name: 'A2' }));

  expect(queryClient.getQueryData(thingKeys.detail(1))).toEqual({ ...A, name: 'A2' });
  expect(isStale(thingKeys.list({ page: 1, size: 2 }))).toBe(true);
  expect(isStale(thingKeys.summary())).toBe(true);
  expect(isStale(thingKeys.detail(3))).toBe(false);
  expect(isStale(otherKeys.lists())).toBe(false);
});

test('a delete drops the detail and invalidates the lists; a refusal reads as its joined messages', async () => {
  stubFetch((url, init) => {
    if (init?.method !== 'DELETE') {
      return undefined;
    }
    return url.pathname === '/api/v1/things/3/'
      ? new Response(null, { status: 204 })
      : jsonResponse(400, ['An active record cannot be deleted.', 'Deactivate it first.']);
  });
  const { result } = renderHook(() => thingHooks.useDelete(), { wrapper });
  await act(() => result.current.mutateAsync(3));

  expect(queryClient.getQueryState(thingKeys.detail(3))).toBeUndefined();
  expect(isStale(thingKeys.list({ page: 2, size: 2 }))).toBe(true);
  expect(isStale(thingKeys.detail(1))).toBe(false);

  await expect(result.current.mutateAsync(1)).rejects.toThrow(
    'An active record cannot be deleted. Deactivate it first.',
  );
  expect(queryClient.getQueryData(thingKeys.detail(1))).toEqual(A);
});

test('a create invalidates the lists and related reads only', async () => {
  stubFetch((url, init) =>
    url.pathname === '/api/v1/things/' && init?.method === 'POST'
      ? jsonResponse(201, { id: 9, name: 'N', status: 1 })
      : undefined,
  );
  const { result } = renderHook(() => thingHooks.useCreate(), { wrapper });
  await act(() => result.current.mutateAsync({ name: 'N' }));

  expect(isStale(thingKeys.list({ page: 1, size: 2 }))).toBe(true);
  expect(isStale(thingKeys.summary())).toBe(true);
  expect(isStale(thingKeys.detail(1))).toBe(false);
  expect(isStale(otherKeys.lists())).toBe(false);
});

test('a list reads one page with its query; get waits for a valid id', async () => {
  const requests = stubFetch((url) =>
    url.pathname === '/api/v1/things/' ? jsonResponse(200, page([A, B])) : undefined,
  );
  queryClient.clear();
  const { result } = renderHook(
    () => ({ list: thingHooks.useList({ page: 1, size: 2, active: 'true' }), one: thingHooks.useGet(0) }),
    {
      wrapper,
    },
  );
  await waitFor(() => {
    expect(result.current.list.data?.items).toEqual([A, B]);
  });
  expect(requests.map((request) => request.url.search)).toEqual(['?page=1&size=2&active=true']);
  expect(result.current.one.fetchStatus).toBe('idle');
});
