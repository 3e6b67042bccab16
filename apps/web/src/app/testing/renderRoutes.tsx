import { configure, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { expect, vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders';

// Routes load lazily: the first import of a screen's chunk (antd included) can take seconds in a cold worker.
configure({ asyncUtilTimeout: 10_000 });

/** A fake server's answer to a request, possibly late (a promise the test settles); undefined: 404. */
export type TFakeRoute = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs `fetch` with `answer` (404 for anything it leaves out) and records every request. */
export const stubFetch = (answer: TFakeRoute) => {
  const requests: Array<{ url: URL; init: RequestInit | undefined }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push({ url, init });
    return answer(url, init) ?? jsonResponse(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
};

/** Renders routes in a memory data router inside the app's providers (i18n, query client, antd theme). */
export const renderRoutes = (routes: RouteObject[], path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    ...render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
};

/**
 * A list may show its empty state while its table still spins (its settings arriving, a page refetched): the user
 * waits for the spinner to go before a button under it takes a click, and so does a test.
 */
export const spinnersGone = () =>
  waitFor(() => {
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
  });
