import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { ConnectorModal } from '@/features/stations/form/modals/ConnectorModal';
import {
  addModule,
  emptyModulesState,
  saveConnector,
  type TConnectorDraft,
  type TModuleDraft,
} from '@/features/stations/form/modules';
import { changeLanguage } from '@/lib/i18n';

const POSITIONS = [1, 2, 3].map((key) => ({ key, label: `Position ${key}` }));

/** The lookups; `positions` may answer late (a promise the test settles). */
const serve = (positions: Response | Promise<Response> = jsonResponse(200, POSITIONS)) =>
  stubFetch((url) => {
    if (url.pathname === '/api/v1/stations/connectors-types-positions/') {
      return url.searchParams.get('info') === 'types'
        ? jsonResponse(200, [{ key: 'CCS2', name: 'CCS2', current: 'DC', fee_default: '14.00' }])
        : positions;
    }
    // Tariffs II: the chosen type's personal rates.
    if (url.pathname === '/api/v1/payments/' && url.searchParams.get('default') === 'false') {
      const typo = url.searchParams.get('typo');
      const items =
        typo === 'CCS2' ? [{ id: 7, name: 'Fleet CCS2', typo: 'CCS2', rate_type: 'personal', status: 0 }] : [];
      return jsonResponse(200, { items, page: 1, pages: 1, size: 100, total: items.length });
    }
    return undefined;
  });

const connector = (position: number, power = 60): TConnectorDraft => ({
  rate_id: null,
  evse_id: 1,
  connector_id: 0,
  ocpp_16_id: 0,
  typo: 'CCS2',
  position,
  power_kWh: power,
  cable_length: null,
  custom_fee: null,
});

/** One module holding connectors at `positions`. */
const modulesWith = (...positions: number[]): TModuleDraft[] =>
  positions.reduce((state, position) => saveConnector(state, 1, connector(position)), addModule(emptyModulesState()))
    .modules;

const open = (modules: TModuleDraft[], editing: TConnectorDraft | null = null) => {
  const onSave = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ConnectorModal open evseId={1} connector={editing} modules={modules} onSave={onSave} onCancel={vi.fn()} />
        ),
      },
    ],
    '/',
  );
  return onSave;
};

// A loaded machine takes seconds over the modal's first render (its chunk, antd's styles): each test may take a minute.
const dialog = async () => (await screen.findByText(/New connector|Connector \d/)).closest('.ant-modal') as HTMLElement;

/** The text the position select shows. */
const shownPosition = (modal: HTMLElement) =>
  within(modal).getByRole('combobox', { name: 'Position' }).closest('.ant-select')?.textContent ?? '';

const expectNoErrors = (modal: HTMLElement) => {
  expect(modal.querySelectorAll('.ant-form-item-has-error, .ant-form-item-has-warning')).toHaveLength(0);
  expect(modal.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
};

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

test('a new connector opens valid: the next free position, power empty, no error; power is required', async () => {
  serve();
  const onSave = open(modulesWith(1));
  const modal = await dialog();
  await waitFor(() => {
    expect(shownPosition(modal)).toBe('Position 2');
  });
  expect((within(modal).getByLabelText('Power, kW') as HTMLInputElement).value).toBe('');
  expectNoErrors(modal);

  // Saved without a power: refused on the field, nothing saved.
  fireEvent.mouseDown(within(modal).getByRole('combobox', { name: 'Connector type' }));
  fireEvent.click(await screen.findByTitle('CCS2 (DC)'));
  await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
  const power = within(modal).getByLabelText('Power, kW');
  await waitFor(() => {
    expect(power.getAttribute('aria-invalid')).toBe('true');
  });
  expect(onSave).not.toHaveBeenCalled();

  await userEvent.type(power, '22');
  await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
  await waitFor(() => {
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ typo: 'CCS2', position: 2, power_kWh: 22 }));
  });
}, 60_000);

test('positions answered after the modal opened still give the free one; none free leaves it to choose', async () => {
  let answer: (response: Response) => void = () => undefined;
  serve(
    new Promise<Response>((resolve) => {
      answer = resolve;
    }),
  );
  open(modulesWith(1, 2));
  const modal = await dialog();
  answer(jsonResponse(200, POSITIONS));
  await waitFor(() => {
    expect(shownPosition(modal)).toBe('Position 3');
  });
  expectNoErrors(modal);
}, 60_000);

test('with every position taken the position opens empty and is required', async () => {
  serve();
  const onSave = open(modulesWith(1, 2, 3));
  const modal = await dialog();
  await waitFor(() => {
    expect(within(modal).getByRole('combobox', { name: 'Position' }).getAttribute('aria-expanded')).toBe('false');
  });
  expect(shownPosition(modal)).not.toMatch(/Position \d/);
  expectNoErrors(modal);
  await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
  await waitFor(() => {
    expect(within(modal).getByRole('combobox', { name: 'Position' }).getAttribute('aria-invalid')).toBe('true');
  });
  expect(onSave).not.toHaveBeenCalled();
}, 60_000);

test('an edited connector keeps its own position and power', async () => {
  serve();
  const modules = modulesWith(1, 2);
  const stored = modules[0]?.connectors[1] as TConnectorDraft;
  open(modules, stored);
  const modal = await dialog();
  await waitFor(() => {
    expect(shownPosition(modal)).toBe('Position 2');
  });
  expect((within(modal).getByLabelText('Power, kW') as HTMLInputElement).value).toBe('60');
  expectNoErrors(modal);
}, 60_000);

test('Enter in a field saves the connector, as the modal’s Save', async () => {
  serve();
  const onSave = open(modulesWith(1));
  const modal = await dialog();
  fireEvent.mouseDown(within(modal).getByRole('combobox', { name: 'Connector type' }));
  fireEvent.click(await screen.findByTitle('CCS2 (DC)'));
  await userEvent.type(within(modal).getByLabelText('Power, kW'), '50{Enter}');
  await waitFor(() => {
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ position: 2, power_kWh: 50 }));
  });
}, 60_000);

test('a personal rate of the chosen type is picked and saved with the connector', async () => {
  serve();
  const onSave = open(modulesWith(1));
  const modal = await dialog();
  const rate = within(modal).getByRole('combobox', { name: 'Personal rate by components' });
  // No type yet: nothing to choose from.
  expect(rate.closest('.ant-select')?.className).toContain('ant-select-disabled');
  fireEvent.mouseDown(within(modal).getByRole('combobox', { name: 'Connector type' }));
  fireEvent.click(await screen.findByTitle('CCS2 (DC)'));
  await waitFor(() => {
    expect(rate.closest('.ant-select')?.className).not.toContain('ant-select-disabled');
  });
  fireEvent.mouseDown(rate);
  fireEvent.click(await screen.findByTitle('Fleet CCS2'));
  await userEvent.type(within(modal).getByLabelText('Power, kW'), '60');
  await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
  await waitFor(() => {
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ typo: 'CCS2', rate_id: 7, rate_name: 'Fleet CCS2' }));
  });
}, 60_000);
