import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ConfirmDelete } from '@/components/confirm-delete/ConfirmDelete';
import { renderWithKit } from '@/components/test-render';

test('deletes only after the confirmation', async () => {
  const onConfirm = vi.fn(() => Promise.resolve());
  renderWithKit(<ConfirmDelete label="Delete Station 7" onConfirm={onConfirm} />);
  await userEvent.click(screen.getByRole('button', { name: 'Delete Station 7' }));
  expect(await screen.findByText('Delete this record?')).toBeTruthy();
  expect(onConfirm).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
});

test('a failure shows its message', async () => {
  renderWithKit(
    <ConfirmDelete
      label="Delete Cafe"
      onConfirm={() => Promise.reject(new Error('An active tag cannot be deleted'))}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Delete Cafe' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('An active tag cannot be deleted')).toBeTruthy();
});

test('disabled for an active record', () => {
  renderWithKit(<ConfirmDelete disabled onConfirm={vi.fn()} />);
  expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
});
