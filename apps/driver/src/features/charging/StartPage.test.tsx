import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { buildCharge, buildConnector, buildSession, buildStation } from '@/features/charging/testData';
import { writeSession } from '@/lib/session';
import { fakeApi, json, renderApp } from '@/test/render';

/** Figures keep their no-break spaces: the text exactly as shown. */
const exact = { normalizer: (text: string) => text };

afterEach(() => {
  vi.unstubAllGlobals();
});

const QR_LINK = '/stations/7/connectors/31';

test("a connector's QR link shows it and starts the charge, then the live screen", async () => {
  writeSession({ access: 'a1', refresh: 'r1' });
  const calls = fakeApi((url) => {
    if (url.pathname === '/api/app/v1/stations/7/') {
      return json(200, buildStation({ connectors: [buildConnector({ id: 30, ocpp_id: 2 }), buildConnector()] }));
    }
    if (url.pathname === '/api/app/v1/charging/start/') {
      return json(202, { detail: 'Станция начинает зарядку.', station_id: 7, connector_id: 31, charge: null });
    }
    if (url.pathname === '/api/app/v1/charging/') {
      return json(
        200,
        buildSession({ starting: [{ station_id: 7, connector_id: 31, since: '2026-11-30T04:00:00Z' }] }),
      );
    }
    return undefined;
  });
  const user = userEvent.setup();
  const router = renderApp(QR_LINK);
  expect(await screen.findByRole('heading', { name: 'Коннектор 1' })).toBeTruthy();
  expect(screen.getByText('CCS2 · DC')).toBeTruthy();
  expect(screen.getByText('60\u00a0кВт', exact)).toBeTruthy();
  expect(screen.getByText('Свободен')).toBeTruthy();
  expect(screen.getByText('16,00\u00a0сом за кВт·ч', exact)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Начать зарядку' }));
  expect(await screen.findByText('Ждём, когда станция начнёт зарядку…')).toBeTruthy();
  expect(router.state.location.pathname).toBe('/app/charging');
  const start = calls.find((call) => call.url.pathname === '/api/app/v1/charging/start/');
  expect(JSON.parse(String(start?.init?.body))).toEqual({ connector_id: 31 });
});

test("a refused start shows the server's words and stays on the connector", async () => {
  writeSession({ access: 'a1', refresh: 'r1' });
  fakeApi((url) => {
    if (url.pathname === '/api/app/v1/stations/7/') {
      return json(200, buildStation());
    }
    if (url.pathname === '/api/app/v1/charging/start/') {
      return json(409, { detail: 'На балансе недостаточно средств: пополните его, чтобы начать зарядку.' });
    }
    return undefined;
  });
  const user = userEvent.setup();
  const router = renderApp(QR_LINK);
  await user.click(await screen.findByRole('button', { name: 'Начать зарядку' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'На балансе недостаточно средств: пополните его, чтобы начать зарядку.',
  );
  expect(router.state.location.pathname).toBe(`/app${QR_LINK}`);
  expect(screen.getByRole('button', { name: 'Начать зарядку' })).toHaveProperty('disabled', false);
});

test('a faulted connector cannot be started; a charge already running is a link away', async () => {
  writeSession({ access: 'a1', refresh: 'r1' });
  fakeApi((url) =>
    url.pathname === '/api/app/v1/stations/7/'
      ? json(200, buildStation({ connectors: [buildConnector({ status: 'Faulted', available: false })] }))
      : url.pathname === '/api/app/v1/charging/'
        ? json(200, buildSession({ charges: [buildCharge()] }))
        : undefined,
  );
  renderApp(QR_LINK);
  expect(await screen.findByRole('link', { name: 'У вас идёт зарядка: перейти к ней' })).toBeTruthy();
  expect(await screen.findByText('Неисправен')).toBeTruthy();
  expect(screen.getByText('Коннектор сейчас недоступен.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Начать зарядку' })).toHaveProperty('disabled', true);
});

test('a link to a connector the station does not have says so', async () => {
  writeSession({ access: 'a1', refresh: 'r1' });
  fakeApi((url) => (url.pathname === '/api/app/v1/stations/7/' ? json(200, buildStation()) : undefined));
  renderApp('/stations/7/connectors/999');
  expect(await screen.findByText('На этой станции нет такого коннектора.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Начать зарядку' })).toBeNull();
});
