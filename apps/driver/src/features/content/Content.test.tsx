import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SEEN_FULLSCREENS_KEY } from '@/features/content/MainFullscreen';
import { writeSession } from '@/lib/session';
import { fakeApi, json, renderApp } from '@/test/render';

const FULLSCREEN = {
  id: 5,
  name: 'Зимняя акция',
  image: '/media/banners/winter.png',
  link: 'https://zaryad.kg/winter',
  destination: 'browser',
  merchant: null,
  ends_at: '2026-12-31T18:00:00Z',
};

beforeEach(() => {
  writeSession({ access: 'a1', refresh: 'r1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('the main fullscreen shows once on opening the app, and not again once closed; one per opening', async () => {
  let items = [FULLSCREEN, { ...FULLSCREEN, id: 4, name: 'Летняя акция' }];
  const calls = fakeApi((url) =>
    url.pathname === '/api/app/v1/content/fullscreens/'
      ? json(200, { category: url.searchParams.get('category'), items })
      : undefined,
  );
  const user = userEvent.setup();
  renderApp('/wallet');
  const dialog = await screen.findByRole('dialog', { name: 'Зимняя акция' });
  expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/media/banners/winter.png');
  expect(dialog.querySelector('a')?.getAttribute('href')).toBe('https://zaryad.kg/winter');
  expect(dialog.querySelector('a')?.getAttribute('target')).toBe('_blank');
  expect(calls.find((call) => call.url.pathname.endsWith('/fullscreens/'))?.url.searchParams.get('category')).toBe('main');
  await user.click(screen.getByRole('button', { name: 'Закрыть' }));
  // Closed: not the next one at once (it waits for the next opening), nothing over the app.
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(JSON.parse(localStorage.getItem(SEEN_FULLSCREENS_KEY) ?? '[]')).toEqual([5]);

  // Opening the app again: the one closed is not shown again, a new one is (and goes with Escape).
  items = [FULLSCREEN, { ...FULLSCREEN, id: 6, name: 'Ночной тариф', destination: 'webview' }];
  cleanup();
  renderApp('/wallet');
  const next = await screen.findByRole('dialog');
  expect(next.getAttribute('aria-label')).toBe('Ночной тариф');
  expect(next.querySelector('a')?.hasAttribute('target')).toBe(false);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(JSON.parse(localStorage.getItem(SEEN_FULLSCREENS_KEY) ?? '[]')).toEqual([5, 6]);
});

test('the news screen: banners with their buttons, promotions with their terms, news a page at a time', async () => {
  const calls = fakeApi((url) => {
    switch (url.pathname) {
      case '/api/app/v1/content/banners/':
        return json(200, {
          items: [
            {
              id: 1,
              name: 'Новая станция в Оше',
              image: '/media/banners/osh.png',
              link: 'https://zaryad.kg/osh',
              button: { name: 'Смотреть', color: '#ff6600' },
              merchant: null,
              stations: [],
              ends_at: '2026-12-31T18:00:00Z',
            },
            {
              id: 2,
              name: 'Опасная ссылка',
              image: '',
              link: 'javascript:alert(1)',
              button: { name: 'Нажми', color: '' },
              merchant: null,
              stations: [],
              ends_at: '2026-12-31T18:00:00Z',
            },
          ],
        });
      case '/api/app/v1/content/promotions/':
        return json(200, {
          items: [
            {
              id: 3,
              title: 'Ночной тариф',
              image: '/media/promotions/night.png',
              initiator: 'company',
              merchant: null,
              stations: [],
              discount: { percent: 15, amount: null },
              conditions: {
                min_charge_amount: '100.00',
                min_charges_count: 2,
                happy_hours: { start: '23:00', end: '06:00' },
                by_code: true,
              },
              starts_at: '2026-11-01T00:00:00Z',
              ends_at: '2026-12-31T17:59:00Z',
            },
          ],
        });
      case '/api/app/v1/content/news/':
        return url.searchParams.get('page') === '2'
          ? json(200, { items: [{ id: 8, title: 'Открыли станцию в Караколе', text: 'Две быстрых.', date: '2026-11-20' }], page: 2, pages: 2, size: 10, total: 2 })
          : json(200, { items: [{ id: 9, title: 'Зимние часы работы', text: 'С 1 декабря.', date: '2026-11-28' }], page: 1, pages: 2, size: 10, total: 2 });
      default:
        return undefined;
    }
  });
  const user = userEvent.setup();
  renderApp('/news');
  expect(await screen.findByRole('heading', { name: 'Новости и акции' })).toBeTruthy();
  const button = await screen.findByRole('link', { name: 'Смотреть' });
  expect(button.getAttribute('href')).toBe('https://zaryad.kg/osh');
  expect(button.getAttribute('rel')).toBe('noopener noreferrer');
  expect(screen.getByText('Опасная ссылка')).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Нажми' })).toBeNull();
  expect(await screen.findByText('Скидка 15 %')).toBeTruthy();
  expect(screen.getByText('Для зарядки от 100,00 сом')).toBeTruthy();
  expect(screen.getByText('Если у вас уже не меньше 2 зарядок')).toBeTruthy();
  expect(screen.getByText('В часы с 23:00 до 06:00')).toBeTruthy();
  expect(screen.getByText('По промокоду')).toBeTruthy();
  expect(screen.getByText('До 31.12.2026')).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Зимние часы работы' })).toBeTruthy();
  expect(screen.getByText('28.11.2026')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
  expect(await screen.findByRole('heading', { name: 'Открыли станцию в Караколе' })).toBeTruthy();
  expect(calls.filter((call) => call.url.pathname.endsWith('/news/')).map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2']);
});

test('the profile links to the news', async () => {
  fakeApi(() => undefined);
  renderApp('/profile');
  expect((await screen.findByRole('link', { name: 'Новости и акции' })).getAttribute('href')).toBe('/app/news');
});
