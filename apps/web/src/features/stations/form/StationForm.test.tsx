import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, type TFakeRoute } from '@/app/testing/renderRoutes';
import { StationFormPage } from '@/features/stations/form/StationFormPage';
import { changeLanguage } from '@/lib/i18n';

const location = (id: number, name: string) => ({
  id,
  name,
  name_ru: name,
  name_en: name,
  name_ky: name,
  country_id: null,
  region: null,
  district: null,
  latitude: null,
  longitude: null,
});

const serve = (first?: TFakeRoute) =>
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const answer = first?.(url, init);
    if (answer) {
      return answer;
    }
    if (url.pathname === '/api/v1/stations/connectors-types-positions/') {
      return url.searchParams.get('info') === 'types'
        ? jsonResponse(200, [{ key: 'CCS2', name: 'CCS2', current: 'DC', fee_default: '14.00' }])
        : jsonResponse(
            200,
            [1, 2, 3].map((key) => ({ key, label: `Position ${key}` })),
          );
    }
    if (url.pathname === '/api/v1/common/locations/') {
      return url.searchParams.get('location_type') === 'countries'
        ? jsonResponse(200, [location(1, 'Kyrgyzstan')])
        : jsonResponse(200, [location(2, 'Bishkek')]);
    }
    if (url.pathname === '/api/v1/stations/' && method === 'POST') {
      return jsonResponse(400, { identity: ['A station with this unique identifier already exists'] });
    }
    return undefined;
  });

beforeEach(async () => {
  await changeLanguage('en');
  // happy-dom has no canvas; the cropper draws into one and reads a Blob back.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        fillRect: vi.fn(),
        drawImage: vi.fn(),
        translate: vi.fn(),
        rotate: vi.fn(),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback) {
    callback(new Blob(['cropped'], { type: 'image/png' }));
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// The schedule editor, the cropper and the connector modal are chunks loaded on first use; the test runner's first
// import of one took over 15 s on a busy CI machine (tsc and eslint beside it): the cropper and the connector modal
// are imported before the test, so that its waits are for the form, not for the module loader.
const LAZY_PART = { timeout: 30_000 };
beforeAll(async () => {
  await Promise.all([
    import('@/components/image-upload/ImageCropper'),
    import('@/features/stations/form/modals/ConnectorModal'),
  ]);
}, 120_000);

const choose = async (label: string, option: string) => {
  // Options may still be loading (a city list waits for its country): open again until they are there.
  const item = await waitFor(() => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    return screen.getByTitle(option);
  });
  fireEvent.click(item);
};

test('an empty form sends nothing and shows the rules; the minimum sends the multipart names of docs/product/stations.md#7-calls', async () => {
  const user = userEvent.setup({ delay: null });
  const requests = serve();
  const { container } = renderRoutes(
    [
      {
        path: '/merchant/:id/create-station',
        element: (
          // The signed-in layout gives the screens antd's App (notifications, modals).
          <App>
            <StationFormPage />
          </App>
        ),
      },
    ],
    '/merchant/7/create-station',
  );
  const create = await screen.findByRole('button', { name: 'Create' });
  // The photos and video load a moment after the fields above (their own chunk): the user sees them come.
  await screen.findByText('Videos');
  await user.click(create);
  expect(await screen.findByText('Incorrectly filled field')).toBeTruthy();
  expect(await screen.findByText('Add at least one connector')).toBeTruthy();
  expect(screen.getByText('Add at least one image')).toBeTruthy();
  expect(screen.getByText('Indicate the operating mode')).toBeTruthy();
  expect(requests.some((request) => request.init?.method === 'POST')).toBe(false);

  for (const [label, value] of [
    ['Name in Russian', 'Ала-Тоо'],
    ['Name in English', 'Ala-Too'],
    ['Name in Kyrgyz', 'Ала-Тоо'],
    ['Responsible person', 'Aibek'],
    ['Unique identifier', 'ALA-01'],
    ['Password', 'abcdEFGH12345678'],
    ['Latitude', '42.87'],
    ['Longitude', '74.59'],
  ] as const) {
    await user.type(screen.getByLabelText(label), value);
  }
  await choose('Execution type', 'Wall-mounted');
  await choose('Country', 'Kyrgyzstan');
  await choose('City', 'Bishkek');

  await user.click(screen.getByRole('button', { name: /Set the schedule/ }));
  const scheduleDialog = await screen.findByRole('dialog', { name: 'Operating mode' }, LAZY_PART);
  await user.click(within(scheduleDialog).getByRole('button', { name: 'Save' }));

  const photoInput = screen
    .getByText('Photos', { selector: 'label' })
    .closest('.ant-form-item')
    ?.querySelector('input[type="file"]');
  if (!(photoInput instanceof HTMLInputElement)) {
    throw new Error('no photo input');
  }
  await user.upload(photoInput, new File([new Uint8Array(100).fill(1)], 'front.png', { type: 'image/png' }));
  await user.click(await screen.findByRole('button', { name: 'OK' }, LAZY_PART));

  await user.click(screen.getByRole('button', { name: 'Add module' }));
  await user.click(within(screen.getByTestId('module-1')).getByRole('button', { name: 'Add connector' }));
  const connectorDialog = (await screen.findByText('New connector', {}, LAZY_PART)).closest(
    '.ant-modal',
  ) as HTMLElement;
  await choose('Connector type', 'CCS2 (DC)');
  expect(await within(connectorDialog).findByText('Default tariff: 14.00 som/kWh')).toBeTruthy();
  // The power opens empty and is required (issue 33).
  await user.type(within(connectorDialog).getByLabelText('Power, kW'), '60');
  await user.click(within(connectorDialog).getByRole('button', { name: 'Save' }));
  expect(await within(screen.getByTestId('module-1')).findByText('Connector 1')).toBeTruthy();

  await user.click(create);
  await waitFor(() => {
    expect(requests.some((request) => request.init?.method === 'POST')).toBe(true);
  });
  const post = requests.find((request) => request.init?.method === 'POST');
  const body = post?.init?.body;
  if (!(body instanceof FormData)) {
    throw new Error('not multipart');
  }
  const names = [...new Set(body.keys())];
  expect(names).toEqual(
    expect.arrayContaining([
      'merchant',
      'name_ru',
      'name_en',
      'name_ky',
      'pic',
      'identity',
      'password',
      'execution_type',
      'status',
      'is_new',
      'is_gas_station',
      'country',
      'city',
      'schedule[0]day',
      'schedule[6]end_time',
      'schedule[0]is_break',
      'connectors[0]evse_id',
      'connectors[0]connector_id',
      'connectors[0]ocpp_16_id',
      'connectors[0]typo',
      'connectors[0]position',
      'connectors[0]cable_length',
      'connectors[0]power_kWh',
      'connectors[0]custom_fee',
      'media_files[0]content',
    ]),
  );
  expect(body.get('merchant')).toBe('7');
  expect(body.get('latitude')).toBe('42.870000');
  expect(body.get('status')).toBe('0');
  expect(body.get('connectors[0]typo')).toBe('CCS2');
  expect(body.get('connectors[0]cable_length')).toBe('null');
  // The server's refusal lands on its field, with the notification of the first message.
  expect(await screen.findAllByText('A station with this unique identifier already exists')).not.toHaveLength(0);
  expect(container.querySelector('#station_identity')?.getAttribute('aria-invalid')).toBe('true');
}, 150_000);

const storedStation = {
  id: 33,
  name_ru: 'Ала-Тоо',
  name_en: 'Ala-Too',
  name_ky: 'Ала-Тоо',
  address_ru: '',
  address_en: '',
  address_ky: '',
  pic: 'Aibek',
  identity: 'ALA-01',
  status: 1,
  is_new: false,
  manufacturer: '',
  execution_type: 'wall',
  is_gas_station: false,
  tags: [],
  environment: [],
  schedule: [],
  avatar: null,
  media_files: [],
  country: { id: 1, name: 'Kyrgyzstan' },
  city: { id: 2, name: 'Bishkek' },
  latitude: '42.870000',
  longitude: '74.590000',
  evses: [],
};

test('editing: the form is drawn, disabled and without Save, while the station loads, then its fields take the values', async () => {
  let answer: (response: Response) => void = () => undefined;
  const stationAnswer = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  serve((url) => (url.pathname === '/api/v1/stations/update/33/' ? stationAnswer : undefined));
  renderRoutes(
    [
      {
        path: '/merchant/:id/edit-station/:stationId',
        element: (
          <App>
            <StationFormPage />
          </App>
        ),
      },
    ],
    '/merchant/7/edit-station/33',
  );

  const name = await screen.findByLabelText('Name in English');
  expect(name).toHaveProperty('disabled', true);
  expect(screen.getByRole('heading', { name: 'EVSE modules information' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

  answer(jsonResponse(200, storedStation));

  await waitFor(() => {
    expect(screen.getByLabelText('Name in English')).toHaveProperty('value', 'Ala-Too');
  });
  // The same field, not a form mounted again.
  expect(screen.getByLabelText('Name in English')).toBe(name);
  expect(name).toHaveProperty('disabled', false);
  expect(screen.getByLabelText('Unique identifier')).toHaveProperty('value', 'ALA-01');
  expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  expect(screen.getByLabelText('Name in Russian')).toHaveProperty('value', 'Ала-Тоо');
});
