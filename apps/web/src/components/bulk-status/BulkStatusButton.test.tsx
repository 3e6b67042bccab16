import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBulkStatusBody, TBulkStatusFilterBody, TBulkStatusUpdated, TStatus } from '@zaryad/contracts';
import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { BulkStatusButton } from '@/components/bulk-status/BulkStatusButton';
import { mergeById } from '@/components/bulk-status/bulkStatus';
import { renderWithKit } from '@/components/test-render';

type TTag = { id: number; title: string; status: TStatus };
const buildTag = (overrides: Partial<TTag> = {}): TTag => ({ id: 1, title: 'Cafe', status: 0, ...overrides });

afterEach(() => {
  vi.restoreAllMocks();
});

test('nothing selected: a disabled button with a zero count', () => {
  renderWithKit(<BulkStatusButton selected={[]} onConfirm={vi.fn()} />);
  const button = screen.getByRole('button', { name: 'Change status (0)' });
  expect((button as HTMLButtonElement).disabled).toBe(true);
});

test('mixed statuses disable the button and say why', () => {
  renderWithKit(
    <BulkStatusButton
      selected={[buildTag({ id: 1, status: 0 }), buildTag({ id: 2, status: 1 })]}
      onConfirm={vi.fn()}
    />,
  );
  expect((screen.getByRole('button', { name: 'Change status (2)' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByText('The selected records have different statuses')).toBeTruthy();
});

test('all inactive: an activate button; blocking wording for accounts', () => {
  const { unmount } = renderWithKit(
    <BulkStatusButton selected={[buildTag({ status: 1 }), buildTag({ id: 2, status: 1 })]} onConfirm={vi.fn()} />,
  );
  expect(screen.getByRole('button', { name: 'Activate (2)' })).toBeTruthy();
  unmount();
  renderWithKit(<BulkStatusButton wording="blocking" selected={[buildTag({ status: 0 })]} onConfirm={vi.fn()} />, {
    language: 'ru',
  });
  expect(screen.getByRole('button', { name: 'Заблокировать (1)' })).toBeTruthy();
});

/** A list screen: the answered records are merged into the rows by id. */
type TBody = TBulkStatusBody | TBulkStatusFilterBody;

const TagList = ({ onConfirm }: { onConfirm: (body: TBody) => Promise<TTag[] | TBulkStatusUpdated> }) => {
  const [tags, setTags] = useState([buildTag({ id: 1, title: 'Cafe' }), buildTag({ id: 2, title: 'Wi-Fi' })]);
  return (
    <>
      <ul>
        {tags.map((tag) => (
          <li key={tag.id}>
            {tag.title}: {tag.status === 0 ? 'on' : 'off'}
          </li>
        ))}
      </ul>
      <BulkStatusButton
        selected={tags}
        onConfirm={onConfirm}
        onSuccess={(updated) => {
          setTags((current) => (Array.isArray(updated) ? mergeById(current, updated) : current));
        }}
      />
    </>
  );
};

test('all active: deactivate after a confirmation, and the answer is merged into the list', async () => {
  const onConfirm = vi.fn((body: TBody) =>
    Promise.resolve(
      ('ids' in body ? body.ids : []).map((id) => buildTag({ id, title: id === 1 ? 'Cafe' : 'Wi-Fi', status: 1 })),
    ),
  );
  renderWithKit(<TagList onConfirm={onConfirm} />);
  await userEvent.click(screen.getByRole('button', { name: 'Deactivate (2)' }));
  expect(await screen.findByText('Deactivate the selected records (2)?')).toBeTruthy();
  expect(onConfirm).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
  expect(onConfirm).toHaveBeenCalledWith({ ids: [1, 2], active: false });
  expect(await screen.findByText('Cafe: off')).toBeTruthy();
  expect(screen.getByText('Wi-Fi: off')).toBeTruthy();
});

test('cancelling the confirmation sends nothing', async () => {
  const onConfirm = vi.fn();
  renderWithKit(<BulkStatusButton selected={[buildTag()]} onConfirm={onConfirm} />);
  await userEvent.click(screen.getByRole('button', { name: 'Deactivate (1)' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  expect(onConfirm).not.toHaveBeenCalled();
});

test('a failure with an Error shows its message; any other failure is only logged', async () => {
  const onConfirm = vi
    .fn<(body: TBody) => Promise<TTag[]>>()
    .mockRejectedValueOnce(new Error('An active rate cannot be changed'))
    .mockRejectedValueOnce({ status: 500 });
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  renderWithKit(<BulkStatusButton selected={[buildTag()]} onConfirm={onConfirm} />);
  await userEvent.click(screen.getByRole('button', { name: 'Deactivate (1)' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
  expect(await screen.findByText('An active rate cannot be changed')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Deactivate (1)' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
  await waitFor(() => {
    expect(consoleError).toHaveBeenCalledWith({ status: 500 });
  });
});
