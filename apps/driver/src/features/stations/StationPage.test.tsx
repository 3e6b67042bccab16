import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { buildConnector, buildStation } from '@/features/stations/testData';
import { setLanguage } from '@/lib/i18n';
import { writeSession } from '@/lib/session';
import { fakeApi, json, renderApp } from '@/test/render';

const exact = { normalizer: (text: string) => text };

beforeEach(() => {
  writeSession({ access: 'a1', refresh: 'r1' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ru');
});

const station = buildStation({
  photos: [
    { id: 1, url: '/media/stations/7/front.jpg', kind: 'image' },
    { id: 2, url: '/media/stations/7/side.jpg', kind: 'image' },
  ],
  schedule: [
    {
      id: 1,
      day: 0,
      start_time: '08:00:00',
      end_time: '22:00:00',
      is_break: false,
      break: [{ id: 9, day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true }],
    },
    { id: 2, day: 1, start_time: '00:00:00', end_time: '23:59:00', is_break: false, break: [] },
  ],
  tags: [{ id: 3, name: 'Быстрая зарядка' }],
  infrastructure: [{ id: 4, name: 'Кафе', icon: null }],
  connectors: [
    buildConnector(),
    buildConnector({
      id: 32,
      ocpp_id: 2,
      type: 'type2',
      type_name: 'Type 2 (Mennekes)',
      current: 'AC',
      power_kw: 22,
      cable_length: null,
      status: 'Charging',
      available: false,
    }),
    buildConnector({
      id: 33,
      ocpp_id: 3,
      status: null,
      available: true,
      price: { rate: null, now: null, timeline: [] },
    }),
  ],
});

test('a station: photos, address and directions, connectors with status and price, hours, tags; charge on a free one', async () => {
  fakeApi((url) => (url.pathname === '/api/app/v1/stations/7/' ? json(200, station) : undefined));
  const user = userEvent.setup();
  const router = renderApp('/stations/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Ала-Тоо' })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Фото 1 из 2: Ала-Тоо' }).getAttribute('src')).toBe(
    '/media/stations/7/front.jpg',
  );
  expect(screen.getByText('Бишкек, пр. Чуй 120')).toBeTruthy();
  expect(screen.getByText('Сейчас открыто')).toBeTruthy();
  const directions = screen.getByRole('link', { name: 'Проложить маршрут (откроется в новой вкладке)' });
  expect(directions.getAttribute('href')).toBe('https://www.google.com/maps/dir/?api=1&destination=42.876,74.604');
  expect(directions.getAttribute('target')).toBe('_blank');
  expect(directions.getAttribute('rel')).toBe('noopener noreferrer');

  const [first, second, third] = screen
    .getAllByRole('listitem')
    .filter((item) => item.classList.contains('connector-card'));
  expect(within(first!).getByRole('heading', { level: 3, name: 'Коннектор 1' })).toBeTruthy();
  expect(within(first!).getByText('Свободен')).toBeTruthy();
  expect(within(first!).getByText('16,00\u00a0сом за кВт·ч', exact)).toBeTruthy();
  expect(within(second!).getByText('Идёт зарядка')).toBeTruthy();
  expect(within(second!).queryByRole('link')).toBeNull();
  // Free, but without a tariff a charge would be refused: no link.
  expect(within(third!).getByText('Тариф не задан: здесь нельзя зарядиться.')).toBeTruthy();
  expect(within(third!).getByText('Нет данных')).toBeTruthy();
  expect(within(third!).queryByRole('link')).toBeNull();

  expect(screen.getByText('08:00–22:00, перерыв 13:00–14:00')).toBeTruthy();
  expect(screen.getByText('Круглосуточно')).toBeTruthy();
  expect(screen.getAllByText('выходной')).toHaveLength(5);
  expect(screen.getByText('Быстрая зарядка')).toBeTruthy();
  expect(screen.getByText('Кафе')).toBeTruthy();

  await user.click(screen.getByRole('link', { name: 'Зарядить здесь: коннектор 1, CCS2' }));
  expect(router.state.location.pathname).toBe('/app/stations/7/connectors/31');
});

test('an offline station says charging is not possible; an unknown one shows the server’s words', async () => {
  fakeApi((url) => {
    if (url.pathname === '/api/app/v1/stations/7/') {
      return json(
        200,
        buildStation({
          online: false,
          open_now: false,
          connectors: [buildConnector({ available: false, status: 'Available' })],
        }),
      );
    }
    if (url.pathname === '/api/app/v1/stations/99/') {
      return json(404, { detail: 'Станция не найдена.' });
    }
    return undefined;
  });
  renderApp('/stations/7');
  expect(await screen.findByText('Станция не на связи: зарядка сейчас невозможна.')).toBeTruthy();
  expect(screen.getByText('Сейчас закрыто')).toBeTruthy();
  expect(screen.queryByRole('link', { name: /Зарядить здесь/ })).toBeNull();
  expect(screen.getByText('Круглосуточно')).toBeTruthy();

  renderApp('/stations/99');
  expect(await screen.findByText('Станция не найдена.')).toBeTruthy();
});

test('a station in English', async () => {
  fakeApi((url) => (url.pathname === '/api/app/v1/stations/7/' ? json(200, station) : undefined));
  await setLanguage('en');
  renderApp('/stations/7');
  expect(await screen.findByRole('link', { name: 'Charge here: connector 1, CCS2' })).toBeTruthy();
  expect(screen.getAllByText('16.00\u00a0som per kWh', exact)).toHaveLength(2);
  expect(screen.getByRole('link', { name: /All stations/ })).toBeTruthy();
});
