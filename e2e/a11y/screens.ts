import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { TTokenPair } from '@zaryad/contracts';
import { buildAccount } from '../support/api';
import { buildBanner } from '../support/banners';
import { buildMerchant, buildStation } from '../support/network';
import { buildPromotion } from '../support/promotions';
import { linkReferral } from '../support/referrals';
import { e2eUserId } from '../support/users';

/**
 * Every screen of the web app, for the axe run (a11y.spec.ts). A new screen adds one line here: its name, how to
 * reach it (a path, or a function that makes the records it shows through the API and answers the path), and, when
 * the screen's own content is not a table row or a form field, what to wait for before axe looks.
 */
export type TScreen = {
  name: string;
  /** Signed-out screens are opened without tokens. */
  isSignedOut?: boolean;
  path: string | ((request: APIRequestContext, admin: TTokenPair) => Promise<string>);
  ready?: (page: Page) => Promise<void>;
};

const auth = (admin: TTokenPair) => ({ Authorization: `Bearer ${admin.access}` });

const newRate = async (request: APIRequestContext, admin: TTokenPair) => {
  const response = await request.post('/api/v1/payments/', {
    data: { name: `Axe ${Date.now()}`, rate_type: 'personal', typo: 'ccs2', fee: '18.40' },
    headers: auth(admin),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
};

const newRole = async (request: APIRequestContext, admin: TTokenPair) => {
  const response = await request.post('/api/v1/accounts/roles/', {
    data: { name: `Axe role ${Date.now()}`, permissions: ['merchants.view', 'stations.view'] },
    headers: auth(admin),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
};

const newStation = async (request: APIRequestContext, admin: TTokenPair) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  return { merchant, station };
};

const tableRow = (page: Page) => expect(page.locator('.ant-table-row').first()).toBeVisible();
const formField = (page: Page) =>
  expect(page.locator('form input:visible, form textarea:visible').first()).toBeVisible();
/** The three-language wizard has no <form> (MultiLanguageWizard.tsx): its first text field. */
const wizardField = (page: Page) => expect(page.locator('main input[type="text"]:visible').first()).toBeVisible();

export const SCREENS: readonly TScreen[] = [
  { name: 'login', isSignedOut: true, path: '/', ready: formField },
  { name: 'reset password', isSignedOut: true, path: '/reset-password', ready: formField },
  { name: 'change password', isSignedOut: true, path: '/change-password?token=not-a-real-token', ready: formField },
  { name: 'accounts list', path: '/accounts', ready: tableRow },
  { name: 'account create', path: '/accounts/create', ready: formField },
  {
    name: 'account edit',
    path: async (request, admin) => `/accounts/edit/${(await buildAccount(request, admin)).id}`,
    ready: formField,
  },
  {
    name: 'account details',
    path: async (request, admin) => `/accounts/details/${(await buildAccount(request, admin)).id}`,
  },
  { name: 'roles list', path: '/accounts/roles', ready: tableRow },
  { name: 'role create', path: '/accounts/roles/create', ready: formField },
  {
    name: 'role edit',
    path: async (request, admin) => `/accounts/roles/edit/${(await newRole(request, admin)).id}`,
    ready: formField,
  },
  { name: 'profile', path: '/profile' },
  {
    name: 'merchants list',
    path: async (request, admin) => (await buildMerchant(request, admin), '/merchants'),
    ready: tableRow,
  },
  { name: 'merchant create', path: '/create-edit-merchant', ready: formField },
  {
    name: 'merchant edit',
    path: async (request, admin) => `/create-edit-merchant/${(await buildMerchant(request, admin)).id}`,
    ready: formField,
  },
  {
    name: 'merchant detail',
    path: async (request, admin) => `/merchant/${(await newStation(request, admin)).merchant.id}`,
    ready: tableRow,
  },
  {
    name: 'station create',
    path: async (request, admin) => `/merchant/${(await buildMerchant(request, admin)).id}/create-station`,
    ready: formField,
  },
  {
    name: 'station edit',
    path: async (request, admin) => {
      const { merchant, station } = await newStation(request, admin);
      return `/merchant/${merchant.id}/edit-station/${station.id}`;
    },
    ready: formField,
  },
  {
    name: 'station info',
    path: async (request, admin) => {
      const { merchant, station } = await newStation(request, admin);
      return `/merchant/${merchant.id}/station-info/${station.id}`;
    },
  },
  { name: 'rates list', path: async (request, admin) => (await newRate(request, admin), '/rates'), ready: tableRow },
  { name: 'rate create', path: '/rates/create', ready: formField },
  {
    name: 'rate edit',
    path: async (request, admin) => `/edit-rates/${(await newRate(request, admin)).id}`,
    ready: formField,
  },
  { name: 'tags', path: '/tags' },
  { name: 'infrastructure', path: '/infrastructure' },
  { name: 'software rental partners', path: '/software-rental-partners' },
  { name: 'settings', path: '/settings', ready: formField },
  { name: 'audit log', path: '/audit-log', ready: tableRow },
  { name: 'users list', path: '/users', ready: tableRow },
  {
    name: 'user detail',
    path: async (request, admin) => `/user/${await e2eUserId(request, admin, 'aigerim')}`,
  },
  { name: 'balance statement', path: '/extract-balance', ready: tableRow },
  { name: 'charges', path: '/chargers-list', ready: tableRow },
  {
    name: 'referrals list',
    path: async (request, admin) => (
      await linkReferral(request, admin, 'referralInviter', 'referralScreens'),
      '/list-of-referrals'
    ),
    ready: tableRow,
  },
  {
    name: 'banners list',
    path: async (request, admin) => (await buildBanner(request, admin, 'banner'), '/banners'),
    ready: tableRow,
  },
  {
    name: 'banner edit',
    path: async (request, admin) => `/banners/create-banner/${(await buildBanner(request, admin, 'banner')).id}`,
    ready: formField,
  },
  {
    name: 'fullscreen edit',
    path: async (request, admin) => `/banners/create-fullscr/${(await buildBanner(request, admin, 'fullscreen')).id}`,
    ready: formField,
  },
  {
    name: 'dashboard',
    path: '/',
    // The period's chart, or its empty state when no charge has finished yet today.
    ready: (page) => expect(page.locator('canvas, .ant-empty').first()).toBeVisible(),
  },
  { name: 'heat map', path: '/heat-map', ready: (page) => expect(page.locator('.leaflet-container')).toBeVisible() },
  {
    name: 'promotions list',
    path: async (request, admin) => (await buildPromotion(request, admin), '/promotions'),
    ready: tableRow,
  },
  { name: 'promotion create', path: '/creating-promotion', ready: wizardField },
  {
    name: 'promotion edit',
    path: async (request, admin) => `/creating-promotion/${(await buildPromotion(request, admin)).id}`,
    ready: wizardField,
  },
  { name: 'promotions report', path: '/promotions-report' },
  { name: 'promo codes', path: '/list-of-promotional-codes' },
];
