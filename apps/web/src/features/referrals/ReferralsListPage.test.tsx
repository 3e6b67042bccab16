import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TReferral } from '@zaryad/contracts/referrals';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const REWARDED: TReferral = {
  id: 5,
  inviter: { id: 7, name: 'Бакыт Асанов', phone: '996555123456', personal_account: '10000007' },
  invited: { id: 9, name: 'Айгуль Токтосунова', phone: '996700987654', personal_account: '10000009' },
  code: 'R7QX2M',
  registered_at: '2026-11-20T12:00:00.000Z',
  status: 'rewarded',
  rewarded_at: '2026-11-21T14:30:00.000Z',
  charge_id: 4411,
  inviter_bonus: '150.00',
  invited_bonus: '50.00',
};
const PENDING: TReferral = {
  ...REWARDED,
  id: 6,
  invited: { id: 11, name: 'Тимур Осмонов', phone: '996555000111', personal_account: '10000011' },
  registered_at: '2026-11-22T03:00:00.000Z',
  status: 'pending',
  rewarded_at: null,
  charge_id: null,
  inviter_bonus: null,
  invited_bonus: null,
};

const serve = (rows: TReferral[] | 'error', permissions?: Parameters<typeof fakeMe>[0]) =>
  stubFetch((url) => {
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe(permissions));
    }
    if (url.pathname === '/api/v1/ads/referrals/') {
      return rows === 'error'
        ? jsonResponse(403, { detail: 'You do not have permission to perform this action.' })
        : jsonResponse(200, { items: rows, page: 1, pages: 1, size: 10, total: rows.length });
    }
    return undefined;
  });

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Referrals' });
  const link = await within(table).findByRole('link', { name });
  const row = link.closest('tr');
  if (!row) {
    throw new Error(`no row for ${name}`);
  }
  return row;
};

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('a row shows both users linking to their pages, dates in Bishkek time, the status and the bonuses', async () => {
  serve([PENDING, REWARDED]);
  renderRoutes(signedInRoutes, '/list-of-referrals');
  const rewarded = await rowOf('Айгуль Токтосунова');
  expect(within(rewarded).getByRole('link', { name: 'Айгуль Токтосунова' }).getAttribute('href')).toBe('/user/9');
  expect(within(rewarded).getByRole('link', { name: 'Бакыт Асанов' }).getAttribute('href')).toBe('/user/7');
  expect(within(rewarded).getByText('R7QX2M')).toBeTruthy();
  // Bishkek is UTC+6.
  expect(within(rewarded).getByText('20.11.2026 18:00')).toBeTruthy();
  expect(within(rewarded).getByText('21.11.2026 20:30')).toBeTruthy();
  expect(within(rewarded).getByText('Rewarded')).toBeTruthy();
  expect(within(rewarded).getByText('Inviter: 150.00')).toBeTruthy();
  expect(within(rewarded).getByText('Invited: 50.00')).toBeTruthy();
  expect(within(rewarded).getByRole('link', { name: 'Charge No. 4411' }).getAttribute('href')).toBe(
    '/chargers-list?search_by_id=4411',
  );
  const pending = await rowOf('Тимур Осмонов');
  expect(within(pending).getByText('Pending')).toBeTruthy();
  expect(within(pending).getAllByText('—')).toHaveLength(2);
});

test('search and filters reach the URL and the request; a user’s link shows as a removable tag', async () => {
  const requests = serve([PENDING]);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/list-of-referrals?inviter=7&status=pending');
  const tag = await screen.findByText('Invited by user No. 7');
  await user.type(screen.getByRole('searchbox'), 'Тимур');
  await waitFor(() => {
    const last = requests.filter((request) => request.url.pathname === '/api/v1/ads/referrals/').at(-1);
    expect(last?.url.searchParams.get('search')).toBe('Тимур');
    expect(last?.url.searchParams.get('inviter')).toBe('7');
    expect(last?.url.searchParams.get('status')).toBe('pending');
  });
  const close = tag.closest('.ant-tag')?.querySelector('.ant-tag-close-icon');
  if (!(close instanceof HTMLElement)) {
    throw new Error('no close icon');
  }
  await user.click(close);
  await waitFor(() => {
    const last = requests.filter((request) => request.url.pathname === '/api/v1/ads/referrals/').at(-1);
    expect(last?.url.searchParams.has('inviter')).toBe(false);
  });
  expect(screen.getByRole('button', { name: /XLSX/ })).toBeTruthy();
});

test('an empty list says so, a refused one shows the server’s message, and no export without referrals.export', async () => {
  serve([], { permissions: ['referrals.view'] });
  renderRoutes(signedInRoutes, '/list-of-referrals');
  // Nothing narrows it: nothing yet, and referrals are not added here (docs/product/common.md#4-states-and-rules).
  expect(await screen.findByText('Nothing here yet')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Add the first one' })).toBeNull();
  expect(screen.queryByRole('button', { name: /XLSX/ })).toBeNull();
  vi.unstubAllGlobals();
  serve('error');
  renderRoutes(signedInRoutes, '/list-of-referrals?page=2');
  expect(await screen.findByText('You do not have permission to perform this action.')).toBeTruthy();
});
