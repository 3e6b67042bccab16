import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { expect, test } from 'vitest';
import { LeavePageGuard, LeavePageGuardModal } from '@/components/leave-guard/LeavePageGuard';
import { useLeavePageGuard } from '@/components/leave-guard/useLeavePageGuard';
import { renderWithKit } from '@/components/test-render';

const EditPage = () => {
  const [name, setName] = useState('');
  return (
    <>
      <h1>Edit tag</h1>
      <label>
        Name
        <input
          value={name}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
      </label>
      <Link to="/tags">Tags</Link>
      <Link to="/edit?search=cafe">Search the list</Link>
      <LeavePageGuard when={name !== ''} />
    </>
  );
};

const SavingPage = () => {
  const guard = useLeavePageGuard(true);
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          guard.allowNavigation();
          void navigate('/tags');
        }}
      >
        Save
      </button>
      <LeavePageGuardModal guard={guard} />
    </>
  );
};

const renderRoutes = (element: ReactNode) => {
  const router = createMemoryRouter(
    [
      { path: '/edit', element },
      { path: '/tags', element: <h1>Tag list</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  renderWithKit(<RouterProvider router={router} />);
  return router;
};

test('a clean form leaves without a question', async () => {
  renderRoutes(<EditPage />);
  await userEvent.click(screen.getByRole('link', { name: 'Tags' }));
  expect(await screen.findByRole('heading', { name: 'Tag list' })).toBeTruthy();
});

test('unsaved changes: the modal asks; Stay keeps the page, Leave goes', async () => {
  renderRoutes(<EditPage />);
  await userEvent.type(screen.getByLabelText('Name'), 'Cafe');
  await userEvent.click(screen.getByRole('link', { name: 'Tags' }));
  expect(await screen.findByText('Leave the page?')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
  });
  expect(screen.getByRole('heading', { name: 'Edit tag' })).toBeTruthy();
  expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cafe');

  await userEvent.click(screen.getByRole('link', { name: 'Tags' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
  expect(await screen.findByRole('heading', { name: 'Tag list' })).toBeTruthy();
});

test("the page's own search written to the URL is no leaving: the form stays, unasked", async () => {
  const router = renderRoutes(<EditPage />);
  await userEvent.type(screen.getByLabelText('Name'), 'Cafe');
  await userEvent.click(screen.getByRole('link', { name: 'Search the list' }));
  await waitFor(() => {
    expect(router.state.location.search).toBe('?search=cafe');
  });
  expect(screen.queryByText('Leave the page?')).toBeNull();
  expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cafe');
});

test('the browser is asked before a reload or close only while there are changes', async () => {
  renderRoutes(<EditPage />);
  const unload = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  expect(unload()).toBe(false);
  await userEvent.type(screen.getByLabelText('Name'), 'Cafe');
  expect(unload()).toBe(true);
});

test('a save that navigates away is not questioned', async () => {
  renderRoutes(<SavingPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('heading', { name: 'Tag list' })).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});
