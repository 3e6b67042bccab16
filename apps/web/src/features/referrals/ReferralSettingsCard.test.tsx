import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPermission } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const ACCOUNT_SETTINGS = { language: 'en', time_zone: 'Asia/Bishkek', date_format: 'DD.MM.YYYY' };

const serve = (permissions?: readonly TPermission[], refusal?: Record<string, string[]>) => {
  let stored = { inviter_bonus: '150.00', invited_bonus: '0.00' };
  return stubFetch((url, init) => {
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe(permissions ? { permissions } : {}));
    }
    if (url.pathname === '/api/v1/accounts/settings/') {
      return jsonResponse(200, ACCOUNT_SETTINGS);
    }
    if (url.pathname === '/api/v1/settings/referrals/') {
      if (init?.method === 'PATCH') {
        if (refusal) {
          return jsonResponse(400, refusal);
        }
        const body = JSON.parse(String(init.body)) as Record<string, string>;
        stored = {
          inviter_bonus: Number(body.inviter_bonus).toFixed(2),
          invited_bonus: Number(body.invited_bonus).toFixed(2),
        };
      }
      return jsonResponse(200, stored);
    }
    return undefined;
  });
};

const card = async () => {
  const title = await screen.findByText('Referral bonuses');
  const element = title.closest('.ant-card');
  if (!(element instanceof HTMLElement)) {
    throw new Error('no card');
  }
  return element;
};

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('the settings screen shows the referral bonuses and saves them', async () => {
  const requests = serve();
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/settings');
  const bonuses = await card();
  const invited = await within(bonuses).findByLabelText("Invited user's bonus, som");
  expect(within(bonuses).getByLabelText<HTMLInputElement>("Inviter's bonus, som").value).toBe('150.00');
  await user.clear(invited);
  await user.type(invited, '75.5');
  await user.click(within(bonuses).getByRole('button', { name: 'Save bonuses' }));
  expect(await screen.findByText('Referral bonuses saved')).toBeTruthy();
  await waitFor(() => {
    const patch = requests.find(
      ({ url, init }) => url.pathname === '/api/v1/settings/referrals/' && init?.method === 'PATCH',
    );
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ inviter_bonus: '150.00', invited_bonus: '75.5' });
  });
});

test('a refused amount shows the server’s message on its field', async () => {
  serve(undefined, { inviter_bonus: ['A referral bonus cannot exceed 100000 som'] });
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/settings');
  const bonuses = await card();
  await within(bonuses).findByLabelText("Inviter's bonus, som");
  await user.click(within(bonuses).getByRole('button', { name: 'Save bonuses' }));
  expect((await within(bonuses).findAllByText('A referral bonus cannot exceed 100000 som')).length).toBeGreaterThan(0);
});

test('a role that may only view sees the amounts without a save button; one without referrals.view no card', async () => {
  serve(['referrals.view']);
  renderRoutes(signedInRoutes, '/settings');
  const bonuses = await card();
  expect((await within(bonuses).findByLabelText<HTMLInputElement>("Inviter's bonus, som")).disabled).toBe(true);
  expect(within(bonuses).queryByRole('button', { name: 'Save bonuses' })).toBeNull();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  serve(['users.view']);
  renderRoutes(signedInRoutes, '/settings');
  expect(await screen.findByText('Interface language')).toBeTruthy();
  expect(screen.queryByText('Referral bonuses')).toBeNull();
});
