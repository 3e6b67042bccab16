import { act, screen, within } from '@testing-library/react';
import { Breadcrumb } from 'antd';
import { Link, Outlet, useParams, type RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { renderRoutes } from '@/app/testing/renderRoutes';
import { useBreadcrumbs } from '@/app/layout/useBreadcrumbs';
import { useDocumentTitle } from '@/app/layout/useDocumentTitle';
import { resetRecordTrail, useRecordTrail, type TRecordCrumb } from '@/components/page-title/recordTrail';
import { accountsRoutes } from '@/features/accounts/routes';
import { merchantsRoutes } from '@/features/merchants/routes';
import { stationFormRoutes } from '@/features/stations/form/routes';
import { stationInfoRoutes } from '@/features/stations/info/routes';
import { changeLanguage } from '@/lib/i18n';

const MERCHANT: TRecordCrumb = { title: 'Газпром нефть Азия', path: '/merchant/3' };
const STATION: TRecordCrumb = { title: 'ул. Токтогула', path: '/merchant/3/station-info/7' };

/** The header as the layout draws it: the breadcrumbs (links up), the h1 and the browser tab. */
const Header = () => {
  const { crumbs, title } = useBreadcrumbs();
  useDocumentTitle(title);
  return (
    <>
      <Breadcrumb
        aria-label="Breadcrumbs"
        items={crumbs.map((crumb) => ({ title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title }))}
      />
      <h1>{title}</h1>
      <Outlet />
    </>
  );
};

/** A screen that knows its records once `names` says so (the test's stand-in for their load). */
let names: { merchant?: TRecordCrumb; station?: TRecordCrumb; role?: TRecordCrumb } = {};
const StationPage = () => {
  const { stationId } = useParams();
  useRecordTrail(stationId === undefined ? [names.merchant] : [names.merchant, names.station]);
  return null;
};
const MerchantPage = () => {
  useRecordTrail([names.merchant]);
  return null;
};
const RolePage = () => {
  useRecordTrail([names.role]);
  return null;
};

/** The product's routes and handles, with stand-in screens. */
const withScreen = (routes: RouteObject[], Component: () => null): RouteObject[] =>
  routes.map(({ lazy: _lazy, children, ...route }) =>
    children
      ? ({ ...route, children: withScreen(children, Component) } as RouteObject)
      : ({ ...route, Component } as RouteObject),
  );

const routes: RouteObject[] = [
  {
    path: '/',
    Component: Header,
    children: [
      ...withScreen([...stationFormRoutes, ...stationInfoRoutes], StationPage),
      ...withScreen(merchantsRoutes, MerchantPage),
      ...withScreen([accountsRoutes], RolePage),
    ],
  },
];

const crumbs = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumbs' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace('/', '').trim());

const crumbLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByRole('link', { name }).getAttribute('href');

beforeEach(async () => {
  names = {};
  resetRecordTrail();
  await changeLanguage('ru');
});

afterEach(() => {
  resetRecordTrail();
});

test("a station's edit page: Merchants → merchant → station → edit, each linking up; the tab names the station", async () => {
  names = { merchant: MERCHANT, station: STATION };
  renderRoutes(routes, '/merchant/3/edit-station/7');

  expect(await screen.findByRole('heading', { level: 1, name: 'ул. Токтогула — редактирование станции' })).toBeTruthy();
  expect(crumbs()).toEqual(['Мерчанты', 'Газпром нефть Азия', 'ул. Токтогула', 'Редактирование']);
  expect(crumbLink('Мерчанты')).toBe('/merchants');
  expect(crumbLink('Газпром нефть Азия')).toBe('/merchant/3');
  expect(crumbLink('ул. Токтогула')).toBe('/merchant/3/station-info/7');
  expect(document.title).toBe('ул. Токтогула — редактирование станции · Заряд');
});

test('until every name is known the header keeps the generic words, never a station in the merchant\'s place', async () => {
  names = { station: STATION };
  renderRoutes(routes, '/merchant/3/edit-station/7');

  expect(await screen.findByRole('heading', { level: 1, name: 'Редактирование станции' })).toBeTruthy();
  expect(crumbs()).toEqual(['Мерчанты', 'Редактирование']);
  expect(document.title).toBe('Редактирование станции · Заряд');
});

test("a station's and a merchant's details: the name stands for 'Details'; create under a merchant names it", async () => {
  names = { merchant: MERCHANT, station: STATION };
  const { router } = renderRoutes(routes, '/merchant/3/station-info/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'ул. Токтогула — станция' })).toBeTruthy();
  expect(crumbs()).toEqual(['Мерчанты', 'Газпром нефть Азия', 'ул. Токтогула']);

  await act(() => router.navigate('/merchant/3'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Газпром нефть Азия — мерчант' })).toBeTruthy();
  expect(crumbs()).toEqual(['Мерчанты', 'Газпром нефть Азия']);

  await act(() => router.navigate('/merchant/3/create-station'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Газпром нефть Азия — новая станция' })).toBeTruthy();
  expect(crumbs()).toEqual(['Мерчанты', 'Газпром нефть Азия', 'Новая станция']);
  expect(crumbLink('Газпром нефть Азия')).toBe('/merchant/3');
});

test('the words follow the language: English and Kyrgyz', async () => {
  names = { merchant: MERCHANT, station: { ...STATION, title: 'Toktogul St.' } };
  await changeLanguage('en');
  renderRoutes(routes, '/merchant/3/edit-station/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Toktogul St. — editing the station' })).toBeTruthy();
  expect(crumbs()).toEqual(['Merchants', 'Газпром нефть Азия', 'Toktogul St.', 'Edit']);

  await act(() => changeLanguage('ky'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Toktogul St. — станцияны түзөтүү' })).toBeTruthy();
  expect(document.title).toBe('Toktogul St. — станцияны түзөтүү · Заряд');
});

test("a built-in role's view page: Accounts → Roles → the role, titled as a view", async () => {
  names = { role: { title: 'Аналитик', path: '/accounts/roles/view/5' } };
  renderRoutes(routes, '/accounts/roles/view/5');
  expect(await screen.findByRole('heading', { level: 1, name: 'Аналитик — просмотр роли' })).toBeTruthy();
  expect(crumbs()).toEqual(['Пользователи', 'Аккаунты', 'Роли', 'Аналитик']);
  expect(crumbLink('Роли')).toBe('/accounts/roles');
});
