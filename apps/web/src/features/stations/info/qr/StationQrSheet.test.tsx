import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TConnector, TEvseModule } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderRoutes } from '@/app/testing/renderRoutes';
import { connectorAppLink, connectorCodes } from '@/features/stations/info/qr/connectorLinks';
import { StationQrButton } from '@/features/stations/info/qr/StationQrButton';
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

// Listed out of order: the sheet goes by module, then connector.
const modules: TEvseModule[] = [
  {
    id: 12,
    evse_id: 2,
    label: 'B',
    connectors: [
      connector({ id: 74, evse: 12, evse_id: 2, connector_id: 1, ocpp_16_id: 3, typo_name: 'Type 2', power_kWh: 22 }),
    ],
  },
  {
    id: 11,
    evse_id: 1,
    label: 'A',
    connectors: [
      connector({ id: 72, connector_id: 2, ocpp_16_id: 2, typo_name: 'CHAdeMO', power_kWh: 50 }),
      connector(),
    ],
  },
];

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('each connector links to its page in the drivers’ app, in module and connector order', () => {
  expect(connectorAppLink('https://cp.example.kg', 9, 71)).toBe('https://cp.example.kg/app/stations/9/connectors/71');
  expect(
    connectorCodes('https://cp.example.kg', 9, modules).map(({ url, number, moduleLabel }) => [
      url,
      number,
      moduleLabel,
    ]),
  ).toEqual([
    ['https://cp.example.kg/app/stations/9/connectors/71', 1, 'A'],
    ['https://cp.example.kg/app/stations/9/connectors/72', 2, 'A'],
    ['https://cp.example.kg/app/stations/9/connectors/74', 3, 'B'],
  ]);
});

test('the QR codes action opens a printable sheet, one code per connector with its name under it', async () => {
  const print = vi.fn();
  vi.stubGlobal('print', print);
  const user = userEvent.setup();
  renderRoutes(
    [{ path: '/', element: <StationQrButton stationId={9} stationName="Ала-Тоо" modules={modules} /> }],
    '/',
  );
  await user.click(await screen.findByRole('button', { name: /QR codes/ }));
  const dialog = await screen.findByRole('dialog', { name: 'QR codes: Ала-Тоо' });
  const codes = await within(dialog).findAllByRole('img', { name: /^Connector \d$/ });
  expect(codes.map((code) => code.getAttribute('alt'))).toEqual(['Connector 1', 'Connector 2', 'Connector 3']);
  expect(codes.map((code) => code.dataset.url)).toEqual([
    `${window.location.origin}/app/stations/9/connectors/71`,
    `${window.location.origin}/app/stations/9/connectors/72`,
    `${window.location.origin}/app/stations/9/connectors/74`,
  ]);
  // A real QR code: an SVG of dark modules, made from the link.
  expect(decodeURIComponent(codes[0]?.getAttribute('src') ?? '')).toMatch(
    /^data:image\/svg\+xml;charset=utf-8,<svg[^>]*>.*<path/,
  );
  expect(within(dialog).getByText('Module #A · CCS2 · 60\u00a0kW', { normalizer: (text) => text })).toBeTruthy();
  expect(within(dialog).getByText('Module #B · Type 2 · 22\u00a0kW', { normalizer: (text) => text })).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: /Print/ }));
  expect(print).toHaveBeenCalledOnce();
  // The footer's Close (the dialog's corner cross is named so too).
  const [footerClose] = within(dialog).getAllByRole('button', { name: 'Close' }).slice(-1);
  await user.click(footerClose as HTMLElement);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('a station without connectors says so, in Russian too', async () => {
  await changeLanguage('ru');
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <StationQrButton stationId={9} stationName="Ала-Тоо" modules={[]} /> }], '/');
  await user.click(await screen.findByRole('button', { name: /QR-коды/ }));
  expect(await screen.findByText('У станции пока нет коннекторов.')).toBeTruthy();
  expect(screen.getByRole('button', { name: /Распечатать/ })).toHaveProperty('disabled', true);
});
