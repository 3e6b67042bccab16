import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { jsonResponse, renderRoutes } from '@/app/testing/renderRoutes';
import { callsTo, fakeCatalogueServer } from '@/components/catalogue/testing/fakeCatalogueServer';
import { changeLanguage } from '@/lib/i18n';

const PATH = '/common/tags/';
const API = `/api/v1${PATH}`;
const FAST = { id: 1, title_ru: 'Быстрая зарядка', title_en: 'Fast charging', title_ky: '', status: 0 as const };
const DAY_NIGHT = { id: 2, title_ru: 'Круглосуточно', title_en: '', title_ky: 'Күнү-түнү', status: 0 as const };
const COVERED = { id: 3, title_ru: 'Крытая парковка', title_en: 'Covered parking', title_ky: '', status: 1 as const };

// Whole flows through antd's modal, steps and upload: slow in happy-dom on a busy machine, not stuck.
vi.setConfig({ testTimeout: 45_000 });

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowOf = async (text: string) => {
  const cell = await screen.findByText(text);
  const row = cell.closest('tr');
  if (!row) {
    throw new Error(`no row for ${text}`);
  }
  return row;
};

/** antd's ids are all 'test-id' under test (rc-util), so dialogs are found by their title text, not their name. */
const dialogTitled = async (title: string) => {
  const dialog = (await screen.findAllByRole('dialog')).find((element) =>
    within(element).queryByText(title, { selector: '.ant-drawer-title' }),
  );
  if (!dialog) {
    throw new Error(`no dialog titled ${title}`);
  }
  return dialog;
};

const jsonBody = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));

test('titles read in the interface language, Russian when that one is empty, with badges and statuses', async () => {
  fakeCatalogueServer(PATH, [FAST, DAY_NIGHT]);
  renderRoutes(signedInRoutes, '/tags');

  const fast = await rowOf('Fast charging');
  expect(within(fast).getByRole('group', { name: 'Filled in: Russian, English' })).toBeTruthy();
  expect(within(fast).getByText('Active')).toBeTruthy();
  // No English title: the Russian one stands in.
  const dayNight = await rowOf('Круглосуточно');
  expect(within(dayNight).getByRole('group', { name: 'Filled in: Kyrgyz, Russian' })).toBeTruthy();
});

test('delete is disabled while a tag is active, says why, and works once it is inactive', async () => {
  const { requests } = fakeCatalogueServer(PATH, [FAST, COVERED]);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/tags');

  const reason = 'An active record cannot be deleted. Deactivate it first.';
  const activeDelete = within(await rowOf('Fast charging')).getByRole('button', {
    name: `Delete: Fast charging. ${reason}`,
  });
  expect(activeDelete).toHaveProperty('disabled', true);
  await user.hover(within(await rowOf('Fast charging')).getByTestId('delete-disabled'));
  expect(await screen.findByText(reason)).toBeTruthy();

  await user.click(within(await rowOf('Covered parking')).getByRole('button', { name: 'Delete: Covered parking' }));
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await vi.waitFor(() => {
    expect(callsTo(requests, 'DELETE', `${API}3/`)).toHaveLength(1);
  });
  expect(await screen.findByText('The tag has been deleted')).toBeTruthy();
});

test("a server refusal of a delete shows the server's messages joined", async () => {
  fakeCatalogueServer(PATH, [COVERED], (url, init) =>
    init?.method === 'DELETE' ? jsonResponse(400, ['Refused once.', 'Refused twice.']) : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/tags');

  await user.click(within(await rowOf('Covered parking')).getByRole('button', { name: 'Delete: Covered parking' }));
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Refused once. Refused twice.')).toBeTruthy();
});

test('the bulk button deactivates when all selected are active, is disabled on a mix, and merges the answer', async () => {
  const { requests } = fakeCatalogueServer(PATH, [FAST, DAY_NIGHT, COVERED]);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/tags');

  await rowOf('Fast charging');
  expect(screen.getByRole('button', { name: 'Change status (0)' })).toHaveProperty('disabled', true);
  await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
  expect(screen.getByRole('button', { name: 'Change status (2)' })).toHaveProperty('disabled', true);
  expect(screen.getByText('The selected records have different statuses')).toBeTruthy();

  await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
  await user.click(screen.getByRole('button', { name: 'Deactivate (2)' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Deactivate the selected records (2)?')).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

  await vi.waitFor(() => {
    expect(callsTo(requests, 'PATCH', `${API}statuses/`).map((call) => jsonBody(call.init))).toEqual([
      { ids: [1, 2], active: false },
    ]);
  });
  await vi.waitFor(() => {
    expect(within(screen.getByRole('table')).getAllByText('Inactive')).toHaveLength(3);
  });
  expect(screen.getByRole('button', { name: 'Change status (0)' })).toBeTruthy();
});

test('the wizard walks ru, en, ky, checks the titles with the contract messages and creates with a POST', async () => {
  const { requests } = fakeCatalogueServer(PATH, []);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/tags');

  expect(await screen.findByText('Nothing here yet')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Add tag' }));
  const dialog = await dialogTitled('New tag');

  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  expect(await within(dialog).findByText('This field may not be blank.')).toBeTruthy();
  await user.click(within(dialog).getByLabelText('Title in Russian'));
  await user.paste('х'.repeat(51));
  expect(await within(dialog).findByText('Ensure this field has no more than 50 characters.')).toBeTruthy();

  await user.clear(within(dialog).getByLabelText('Title in Russian'));
  await user.click(within(dialog).getByLabelText('Title in Russian'));
  await user.paste('  Кафе рядом ');
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await user.click(await within(dialog).findByLabelText('Title in English'));
  await user.paste('Café nearby');
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await user.click(await within(dialog).findByLabelText('Title in Kyrgyz'));
  await user.paste('Жакын жерде кафе');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));

  await vi.waitFor(() => {
    expect(callsTo(requests, 'POST', API).map((call) => jsonBody(call.init))).toEqual([
      { title_ru: 'Кафе рядом', title_en: 'Café nearby', title_ky: 'Жакын жерде кафе' },
    ]);
  });
  expect(await screen.findByText('The tag has been created')).toBeTruthy();
});

test('editing sends only the changed titles; server field errors land on the fields', async () => {
  let refuse = true;
  const { requests } = fakeCatalogueServer(PATH, [FAST], (url, init) => {
    if (init?.method === 'PATCH' && url.pathname === `${API}1/` && refuse) {
      refuse = false;
      return jsonResponse(400, { title_en: ['A record with this title already exists'] });
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/tags');

  await user.click(within(await rowOf('Fast charging')).getByRole('button', { name: 'Edit: Fast charging' }));
  const dialog = await dialogTitled('Fast charging — editing the tag');
  expect(within(dialog).getByLabelText('Title in Russian')).toHaveProperty('value', 'Быстрая зарядка');
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  const english = await within(dialog).findByLabelText('Title in English');
  await user.clear(english);
  await user.click(english);
  await user.paste('Rapid charging');
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await within(dialog).findAllByText('A record with this title already exists')).not.toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await vi.waitFor(() => {
    expect(callsTo(requests, 'PATCH', `${API}1/`).map((call) => jsonBody(call.init))).toEqual([
      { title_en: 'Rapid charging' },
      { title_en: 'Rapid charging' },
    ]);
  });
  expect(await screen.findByText('The changes have been saved')).toBeTruthy();
});

test('cancelling the wizard asks first and then closes it without a request', async () => {
  const { requests } = fakeCatalogueServer(PATH, []);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/tags');

  await user.click(await screen.findByRole('button', { name: 'Add tag' }));
  const dialog = await dialogTitled('New tag');
  await user.click(within(dialog).getByLabelText('Title in Russian'));
  await user.paste('Черновик');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await user.click(await screen.findByRole('button', { name: 'Yes, cancel' }));
  await vi.waitFor(() => {
    expect(screen.queryByText('New tag', { selector: '.ant-drawer-title' })).toBeNull();
  });
  expect(callsTo(requests, 'POST', API)).toEqual([]);
});
