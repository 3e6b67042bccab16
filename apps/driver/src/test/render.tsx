import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '@/app/App';
import { routes } from '@/app/routes';
import { i18n } from '@/lib/i18n';

export type TFakeApi = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers fetch from `answer`; a call it does not know is a 404, and every call is kept for the test to read. */
export const fakeApi = (answer: TFakeApi) => {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    return (await answer(url, init)) ?? json(404, { detail: 'Not found.' });
  });
  return calls;
};

/** The whole app at `path` (under /app), as a driver's browser shows it. */
export const renderApp = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [`/app${path}`], basename: '/app' });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
};
