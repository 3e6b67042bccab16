import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test } from 'vitest';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { renderWithKit } from '@/components/test-render';
import { ApiError } from '@/lib/apiError';

const renderError = (error: unknown) => {
  const router = createMemoryRouter(
    [
      { path: '/thing/1', element: <RecordLoadError error={error} back={{ to: '/things', label: 'Things' }} /> },
      { path: '/things', element: <h1>The things</h1> },
    ],
    { initialEntries: ['/thing/1'] },
  );
  renderWithKit(<RouterProvider router={router} />);
};

test('a missing record reads as page not found with what may have happened, and the button goes back', async () => {
  renderError(new ApiError(404, { detail: 'Not found.' }));
  expect(await screen.findByText('Page not found')).toBeTruthy();
  expect(screen.getByText('The record may have been deleted, or the link is wrong.')).toBeTruthy();
  // The server's 404 says no more than the title.
  expect(screen.queryByText('Not found.')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Things' }));
  expect(await screen.findByRole('heading', { name: 'The things' })).toBeTruthy();
});

test('an id that is not a number is missing too', async () => {
  renderError(null);
  expect(await screen.findByText('Page not found')).toBeTruthy();
  expect(screen.getByText('The record may have been deleted, or the link is wrong.')).toBeTruthy();
});

test('another failure shows its message, not page not found', async () => {
  renderError(new ApiError(500, { detail: 'The database is asleep' }));
  expect(await screen.findByText('The database is asleep')).toBeTruthy();
  expect(screen.queryByText('Page not found')).toBeNull();
  expect(screen.queryByText('The record may have been deleted, or the link is wrong.')).toBeNull();
});
