import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAppSession } from '@zaryad/contracts/app';
import { afterEach, expect, test, vi } from 'vitest';
import { balanceOf, buildCharge, buildSession } from '@/features/charging/testData';
import { writeSession } from '@/lib/session';
import { fakeApi, json, renderApp } from '@/test/render';

/** Figures keep their no-break spaces: the text exactly as shown. */
const exact = { normalizer: (text: string) => text };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A server-sent event stream the test writes sessions into. */
const eventStream = () => {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (opened) => {
      controller = opened;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (session: TAppSession) => controller?.enqueue(encoder.encode(`data: ${JSON.stringify(session)}\n\n`)),
  };
};

test('the event stream moves the figures; stop asks first, then the receipt follows the end', async () => {
  writeSession({ access: 'a1', refresh: 'r1' });
  const stream = eventStream();
  let held = '150.00';
  const calls = fakeApi((url, init) => {
    switch (url.pathname) {
      case '/api/app/v1/charging/events/':
        return stream.response();
      case '/api/app/v1/charging/':
        return json(200, buildSession({ charges: [buildCharge()] }));
      case '/api/app/v1/balance/':
        return json(200, balanceOf(held));
      case '/api/app/v1/charging/501/stop/':
        return init?.method === 'POST'
          ? json(202, { detail: 'Станция останавливает зарядку.', charge: buildCharge() })
          : undefined;
      case '/api/app/v1/charges/501/':
        return json(
          200,
          buildCharge({
            running: false,
            status: 'canceled',
            finished_at: '2026-11-30T04:30:00Z',
            consumption_kwh: '9.000',
            cost: '144.00',
            cost_breakdown: {
              energy: '144.00',
              time: '0.00',
              idle: '0.00',
              session: '0.00',
              adjustment: '0.00',
              amount: '144.00',
              charging_ended_at: null,
              segments: [],
            },
          }),
        );
      default:
        return undefined;
    }
  });
  const user = userEvent.setup();
  const router = renderApp('/charging');
  expect((await screen.findByTestId('live-energy')).textContent).toBe('4,25\u00a0кВт·ч');
  expect(screen.getByTestId('live-power').textContent).toBe('22\u00a0кВт');
  expect(await screen.findByText('150,00\u00a0сом', exact)).toBeTruthy();
  expect(calls.find((call) => call.url.pathname === '/api/app/v1/charging/events/')?.init?.headers).toMatchObject({
    accept: 'text/event-stream',
    authorization: 'Bearer a1',
  });

  held = '180.00';
  stream.send(buildSession({ charges: [buildCharge({ consumption_kwh: '6.500', power_w: 45500, cost: '104.00' })] }));
  await waitFor(() => expect(screen.getByTestId('live-energy').textContent).toBe('6,50\u00a0кВт·ч'));
  expect(screen.getByTestId('live-power').textContent).toBe('45,5\u00a0кВт');
  expect(screen.getByTestId('live-cost').textContent).toBe('104,00\u00a0сом');
  expect(await screen.findByText('180,00\u00a0сом', exact)).toBeTruthy();

  // Stop asks first; keeping the charge sends nothing.
  await user.click(screen.getByRole('button', { name: 'Остановить зарядку' }));
  const question = screen.getByRole('alertdialog');
  expect(within(question).getByText('Остановить зарядку на станции «Ала-Тоо»?')).toBeTruthy();
  await user.click(within(question).getByRole('button', { name: 'Продолжить зарядку' }));
  expect(calls.some((call) => call.url.pathname.endsWith('/stop/'))).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Остановить зарядку' }));
  await user.click(screen.getByRole('button', { name: 'Да, остановить' }));
  expect(await screen.findByText('Станция останавливает зарядку…')).toBeTruthy();
  expect(calls.filter((call) => call.url.pathname === '/api/app/v1/charging/501/stop/')).toHaveLength(1);

  // The charge point's StopTransaction: the charge leaves the session, the receipt opens.
  stream.send(buildSession());
  expect(await screen.findByRole('heading', { name: 'Чек № 501' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/app/charges/501');
  expect((await screen.findByTestId('receipt-total')).textContent).toBe('144,00\u00a0сом');
});

test('without the event stream the screen polls the session every few seconds', async () => {
  writeSession({ access: 'a1', refresh: 'r1' });
  let polls = 0;
  fakeApi((url) => {
    switch (url.pathname) {
      case '/api/app/v1/charging/':
        polls += 1;
        return json(
          200,
          polls === 1
            ? buildSession({ starting: [{ station_id: 7, connector_id: 31, since: '2026-11-30T04:00:00Z' }] })
            : buildSession({ charges: [buildCharge({ consumption_kwh: '0.120' })] }),
        );
      case '/api/app/v1/balance/':
        return json(200, balanceOf('150.00'));
      default:
        // The event stream among them: a 404 here, so the screen polls.
        return undefined;
    }
  });
  renderApp('/charging');
  expect(await screen.findByText('Ждём, когда станция начнёт зарядку…')).toBeTruthy();
  expect(screen.getByText('Обновляется раз в несколько секунд.')).toBeTruthy();
  expect((await screen.findByTestId('live-energy')).textContent).toBe('0,12\u00a0кВт·ч');
  expect(screen.queryByText('Ждём, когда станция начнёт зарядку…')).toBeNull();
});
