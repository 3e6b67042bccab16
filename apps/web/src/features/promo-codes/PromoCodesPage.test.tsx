import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS, type TPermission } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const EMPTY = { items: [], page: 1, pages: 1, size: 10, total: 0 };

/** No codes and no promotions: the network's very first visit to the screen. */
const serve = (permissions: readonly TPermission[] = PERMISSIONS) =>
  stubFetch((url) => {
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe({ permissions }));
    }
    if (url.pathname === '/api/v1/promo-codes/' || url.pathname === '/api/v1/ads/promotions/') {
      return jsonResponse(200, EMPTY);
    }
    return undefined;
  });

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test.each([
  ['en', 'There are no promo codes yet', 'Generate codes', 'Generate the first codes', 'Add a promotion'],
  ['ru', 'Промокодов пока нет', 'Сгенерировать коды', 'Сгенерировать первые коды', 'Добавить акцию'],
  ['ky', 'Азырынча промокоддор жок', 'Коддорду түзүү', 'Алгачкы коддорду түзүү', 'Акция кошуу'],
] as const)(
  'no codes yet (%s): the empty list offers generate, as the toolbar, and adding the promotion',
  async (language, title, generate, generateFirst, add) => {
    await changeLanguage(language);
    serve();
    const user = userEvent.setup();
    const { router } = renderRoutes(signedInRoutes, '/list-of-promotional-codes');
    const empty = await screen.findByTestId('empty-none');
    expect(within(empty).getByText(title)).toBeTruthy();
    // Generating, in words of its own beside the toolbar's button (not the kit's generic "add the first one").
    expect(within(empty).getByRole('button', { name: generateFirst })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: generate })).toHaveLength(1);
    expect(
      within(empty).queryByRole('button', { name: /Add the first one|Добавить первую запись|Биринчисин кошуу/ }),
    ).toBeNull();
    await user.click(within(empty).getByRole('button', { name: add }));
    // The form's route loads its chunk first.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/creating-promotion');
    });
  },
);

test('the empty list opens the generate modal; without promotions.create only generate is offered', async () => {
  serve(PERMISSIONS.filter((permission) => permission !== 'promotions.create'));
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/list-of-promotional-codes');
  const empty = await screen.findByTestId('empty-none');
  expect(within(empty).queryByRole('button', { name: 'Add a promotion' })).toBeNull();
  await user.click(within(empty).getByRole('button', { name: 'Generate the first codes' }));
  expect(await screen.findByRole('dialog')).toBeTruthy();
});

test('a role that may not generate codes reads the empty list with no button', async () => {
  serve(PERMISSIONS.filter((permission) => permission !== 'promotions.create' && permission !== 'promo_codes.create'));
  renderRoutes(signedInRoutes, '/list-of-promotional-codes');
  const empty = await screen.findByTestId('empty-none');
  expect(within(empty).queryByRole('button')).toBeNull();
});
