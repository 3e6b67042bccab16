import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Dropdown } from 'antd';
import { expect, test, vi } from 'vitest';
import { DeferredPopup } from '@/components/deferred-popup/DeferredPopup';

const renderMenu = (onClick = vi.fn()) => {
  const popup = vi.fn((trigger, control) => (
    <Dropdown menu={{ items: [{ key: 'profile', label: 'Profile' }] }} trigger={['click']} {...control}>
      {trigger}
    </Dropdown>
  ));
  render(
    <DeferredPopup popup={popup}>
      <Button onClick={onClick}>Account</Button>
    </DeferredPopup>,
  );
  return { popup, onClick };
};

test('draws the trigger alone; the first click mounts the popup open, and the trigger keeps its focus', async () => {
  const user = userEvent.setup();
  const { popup, onClick } = renderMenu();
  expect(popup).not.toHaveBeenCalled();
  expect(screen.queryByRole('menuitem', { name: 'Profile' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Account' }));
  expect(onClick).toHaveBeenCalledTimes(1);
  expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account' }));
});

test('after the first click the popup opens and closes as its own trigger says', async () => {
  const user = userEvent.setup();
  const { popup } = renderMenu();
  const isOpen = () => (popup.mock.calls.at(-1)?.[1] as { open: boolean } | undefined)?.open;
  await user.click(screen.getByRole('button', { name: 'Account' }));
  expect(isOpen()).toBe(true);
  await user.click(screen.getByRole('button', { name: 'Account' }));
  await vi.waitFor(() => expect(isOpen()).toBe(false));
  await user.click(screen.getByRole('button', { name: 'Account' }));
  await vi.waitFor(() => expect(isOpen()).toBe(true));
});
