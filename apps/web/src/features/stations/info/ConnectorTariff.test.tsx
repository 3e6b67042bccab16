import { screen, waitFor, within } from '@testing-library/react';
import { ZPricePreview, type TConnector, type TPricePreview } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { ConnectorCard } from '@/features/stations/info/ConnectorCard';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 30_000 });

const connector = (overrides: Partial<TConnector> = {}): TConnector => ({
  rate_id: null,
  rate_name: null,
  id: 71,
  evse: 1,
  evse_id: 1,
  connector_id: 1,
  ocpp_16_id: 1,
  typo: 'ccs2',
  typo_name: 'CCS2',
  position: 1,
  power_kWh: 60,
  cable_length: null,
  custom_fee: null,
  fee_default: '18.00',
  ...overrides,
});

const PRICES = {
  fee: '16.00',
  time_fee: '0.00',
  idle_fee: '0.00',
  idle_grace_minutes: 0,
  session_fee: '0.00',
  min_cost: null,
  max_cost: null,
};

const preview = (overrides: Partial<TPricePreview> = {}): TPricePreview =>
  ZPricePreview.parse({
    connector: { id: 71, name: 'CCS2 #1', power_kw: 60 },
    rate: { id: 5, name: 'Ала-Тоо site', source: 'merchant' },
    now: PRICES,
    timeline: [],
    estimate: null,
    ...overrides,
  });

/** The card on its own, with a fake of each connector's price call. */
const renderCards = (answers: Record<number, TPricePreview>) => {
  const requests = stubFetch((url) => {
    const match = /^\/api\/v1\/stations\/connectors\/(\d+)\/price\/$/.exec(url.pathname);
    const answer = match ? answers[Number(match[1])] : undefined;
    return answer ? jsonResponse(200, answer) : undefined;
  });
  const element = (
    <>
      <ConnectorCard connector={connector()} positionLabel="Left" />
      <ConnectorCard connector={connector({ id: 72, connector_id: 2 })} positionLabel="Right" />
    </>
  );
  renderRoutes([{ path: '/', element }], '/');
  return requests;
};

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('each connector asks for its own tariff now and shows its energy price and source; zero components are left out', async () => {
  const requests = renderCards({
    71: preview(),
    72: preview({
      connector: { id: 72, name: 'CCS2 #2', power_kw: 60 },
      rate: { id: null, name: 'Personal', source: 'custom_fee' },
      now: {
        ...PRICES,
        fee: '20.00',
        time_fee: '1.50',
        idle_fee: '5.00',
        idle_grace_minutes: 15,
        session_fee: '30.00',
      },
    }),
  });
  const first = await screen.findByTestId('tariff-now-71');
  expect(within(first).getByText('16.00 som/kWh')).toBeTruthy();
  expect(within(first).getByText("Merchant's tariff · Ала-Тоо site")).toBeTruthy();
  expect(within(first).queryByText(/som\/min/)).toBeNull();

  const second = await screen.findByTestId('tariff-now-72');
  expect(within(second).getByText('20.00 som/kWh')).toBeTruthy();
  expect(within(second).getByText('charging time 1.50 som/min')).toBeTruthy();
  expect(within(second).getByText('idle 5.00 som/min after 15 min')).toBeTruthy();
  expect(within(second).getByText('30.00 som per charge')).toBeTruthy();
  expect(within(second).getByText('Personal tariff · Personal')).toBeTruthy();
  expect(requests.map(({ url }) => url.pathname).sort()).toEqual([
    '/api/v1/stations/connectors/71/price/',
    '/api/v1/stations/connectors/72/price/',
  ]);
});

test('a connector without a tariff says so', async () => {
  renderCards({ 71: preview({ rate: null, now: null }), 72: preview({ rate: null, now: null }) });
  await waitFor(() => {
    expect(screen.getAllByText('No tariff applies')).toHaveLength(2);
  });
});
