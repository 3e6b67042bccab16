import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { expect, test, vi } from 'vitest';
import { FormShell } from '@/components/form-shell/FormShell';
import { placeFieldErrors } from '@/components/form-shell/placeFieldErrors';
import { renderWithKit } from '@/components/test-render';
import { ApiError } from '@/lib/apiError';

type TValues = { name: string; email: string };

type TShellPageProps = {
  onSubmit: (values: TValues) => Promise<unknown>;
  onSaved?: () => void;
};

const ShellPage = ({ onSubmit, onSaved = () => undefined }: TShellPageProps) => {
  const [form] = Form.useForm<TValues>();
  return (
    <>
      <Link to="/list">To the list</Link>
      <FormShell<TValues, unknown>
        form={form}
        initialValues={{ name: '', email: '' }}
        isEdit={false}
        onSubmit={onSubmit}
        onSaved={onSaved}
        onCancel={() => undefined}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Enter a name' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label="Email">
          <Input />
        </Form.Item>
      </FormShell>
    </>
  );
};

const renderShell = (props: TShellPageProps) => {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <ShellPage {...props} /> },
      { path: '/list', element: <h1>The list</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  renderWithKit(<RouterProvider router={router} />);
  return router;
};

// While sending, the button's name also holds its loading icon's label.
const createButton = () => screen.getByRole('button', { name: /Create/ });

test('server field errors land on their fields, with the alert, the first message as a notification and focus', async () => {
  const onSubmit = vi.fn(async () => {
    throw new ApiError(400, {
      email: ['This email address is already in use'],
      name: ['Server says the name is taken'],
      non_field_errors: ['The merchant is blocked'],
    });
  });
  renderShell({ onSubmit });
  await userEvent.type(screen.getByLabelText('Name'), 'Shoro');
  await userEvent.click(createButton());

  const alert = await screen.findByTestId('form-invalid');
  expect(alert.textContent).toContain('Incorrectly filled field');
  expect(alert.textContent).toContain(
    'One or more of the required fields are not filled in or contain incorrect data, check the entered data.',
  );
  // A message with no field of its own is said in the alert.
  expect(alert.textContent).toContain('The merchant is blocked');
  // The first message of the first field: under the field and in the notification.
  await waitFor(() => {
    expect(screen.getAllByText('This email address is already in use')).toHaveLength(2);
  });
  expect(document.querySelector('.ant-notification')?.textContent).toContain('This email address is already in use');
  expect(screen.getByText('Server says the name is taken')).toBeTruthy();
  // The first field with an error is brought into view and focused.
  await waitFor(() => {
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});

test('a refused client check shows the alert and focuses the first invalid field; nothing is sent', async () => {
  const onSubmit = vi.fn(async () => ({}));
  renderShell({ onSubmit });
  await userEvent.click(screen.getByLabelText('Email'));
  await userEvent.click(createButton());

  expect(await screen.findByText('Enter a name')).toBeTruthy();
  expect(screen.getByTestId('form-invalid').textContent).toContain('Incorrectly filled field');
  await waitFor(() => {
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });
  expect(onSubmit).not.toHaveBeenCalled();
});

test('another failure is a notification with the server detail, without the field alert', async () => {
  renderShell({
    onSubmit: async () => {
      throw new ApiError(409, { detail: 'Someone else saved this record first' });
    },
  });
  await userEvent.type(screen.getByLabelText('Name'), 'Shoro');
  await userEvent.click(createButton());

  expect(await screen.findByText('Someone else saved this record first')).toBeTruthy();
  expect(document.querySelector('.ant-notification')?.textContent).toContain(
    'An error occurred while processing the request',
  );
  expect(screen.queryByTestId('form-invalid')).toBeNull();
});

test('a second submit while the first is on its way is ignored', async () => {
  let finish: (value: unknown) => void = () => undefined;
  const onSubmit = vi.fn(
    () =>
      new Promise((resolve) => {
        finish = resolve;
      }),
  );
  const onSaved = vi.fn();
  renderShell({ onSubmit, onSaved });
  await userEvent.type(screen.getByLabelText('Name'), 'Shoro');
  await userEvent.click(createButton());
  await waitFor(() => {
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
  // While the first is on its way: a click on the (loading) button, and a submit that bypasses the button
  // (Enter in a field submits the form itself). Under fake timers, runAllTimersAsync settles every promise and timer
  // the two attempts started (the form's validation included) before the check, with no wait by the clock.
  vi.useFakeTimers();
  try {
    fireEvent.click(createButton());
    fireEvent.submit(screen.getByLabelText('Name').closest('form') as HTMLFormElement);
    await vi.runAllTimersAsync();
  } finally {
    vi.useRealTimers();
  }
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(onSubmit).toHaveBeenCalledWith({ name: 'Shoro', email: '' });

  finish({ id: 1 });
  await waitFor(() => {
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
  // Once answered, the form can be sent again.
  await userEvent.click(createButton());
  await waitFor(() => {
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});

test('unsaved changes hold navigation behind the leave-page question; a save lets it through', async () => {
  let navigateAway = () => undefined as unknown;
  const router = renderShell({
    onSubmit: async () => ({ id: 1 }),
    onSaved: () => navigateAway(),
  });
  navigateAway = () => router.navigate('/list');

  await userEvent.type(screen.getByLabelText('Name'), 'Shoro');
  await userEvent.click(screen.getByRole('link', { name: 'To the list' }));
  expect(await screen.findByText('Leave the page?')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  await userEvent.click(createButton());
  expect(await screen.findByRole('heading', { name: 'The list' })).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('placeFieldErrors: known names on their fields, the others (non_field_errors) apart', () => {
  expect(
    placeFieldErrors(
      { name: ['Too long'], non_field_errors: ['Blocked'], merchant: ['Gone'], email: [] },
      new Set(['name', 'email']),
    ),
  ).toEqual({ fields: [{ name: 'name', errors: ['Too long'] }], rest: ['Blocked', 'Gone'] });
});

const pressSave = (target: Element, keys: { ctrlKey?: boolean; metaKey?: boolean } = { ctrlKey: true }) =>
  fireEvent.keyDown(target, { key: 's', code: 'KeyS', ...keys });

test('Ctrl+S submits as the Save button does: the checks first, the browser’s own save held back', async () => {
  const onSubmit = vi.fn(async () => ({ id: 1 }));
  renderShell({ onSubmit });
  const name = screen.getByLabelText('Name');

  // Refused by the form's check: the message, the alert, nothing sent.
  expect(pressSave(name)).toBe(false);
  expect(await screen.findByText('Enter a name')).toBeTruthy();
  expect(screen.getByTestId('form-invalid')).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();

  await userEvent.type(name, 'Shoro');
  // Cmd+S on a Mac; from anywhere on the page, not only a field.
  expect(pressSave(document.body, { metaKey: true })).toBe(false);
  await waitFor(() => {
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Shoro', email: '' });
  });
  // The footer says the shortcut, and the button announces it.
  expect(screen.getByTestId('form-footer').textContent).toContain('Ctrl+S saves');
  expect(createButton().getAttribute('aria-keyshortcuts')).toBe('Control+S Meta+S');
});

test('Ctrl+S pressed again while the first save is on its way sends once; a dialog over the form keeps its keys', async () => {
  let finish: (value: unknown) => void = () => undefined;
  const onSubmit = vi.fn(
    () =>
      new Promise((resolve) => {
        finish = resolve;
      }),
  );
  const onSaved = vi.fn();
  renderShell({ onSubmit, onSaved });
  await userEvent.type(screen.getByLabelText('Name'), 'Shoro');

  // A dialog the form is not in (a connector's, the leave-page question) has the keyboard: its Ctrl+S is not the form's.
  const dialog = document.body.appendChild(document.createElement('div'));
  dialog.setAttribute('role', 'dialog');
  const dialogInput = dialog.appendChild(document.createElement('input'));
  expect(pressSave(dialogInput)).toBe(true);

  // Under fake timers, runAllTimersAsync settles the validation each press starts, with no wait by the clock.
  vi.useFakeTimers();
  try {
    pressSave(screen.getByLabelText('Name'));
    await vi.runAllTimersAsync();
    pressSave(screen.getByLabelText('Name'));
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 's', code: 'KeyS', ctrlKey: true, repeat: true });
    await vi.runAllTimersAsync();
  } finally {
    vi.useRealTimers();
    dialog.remove();
  }
  expect(onSubmit).toHaveBeenCalledTimes(1);
  finish({ id: 1 });
  await waitFor(() => {
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});

test('a locked form has no Ctrl+S', async () => {
  const onSubmit = vi.fn(async () => ({}));
  const Locked = () => {
    const [form] = Form.useForm<TValues>();
    return (
      <FormShell<TValues, unknown>
        form={form}
        initialValues={{ name: 'Shoro', email: '' }}
        isEdit
        isLocked
        onSubmit={onSubmit}
        onSaved={() => undefined}
        onCancel={() => undefined}
      >
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
      </FormShell>
    );
  };
  const router = createMemoryRouter([{ path: '/', element: <Locked /> }]);
  renderWithKit(<RouterProvider router={router} />);
  expect(pressSave(screen.getByLabelText('Name'))).toBe(true);
  expect(screen.getByTestId('form-footer').textContent).not.toContain('Ctrl+S');
  expect(onSubmit).not.toHaveBeenCalled();
});
