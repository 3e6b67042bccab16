import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { LanguageSwitcher } from '@/components/language-switcher/LanguageSwitcher';
import { changeLanguage } from '@/lib/i18n';

beforeEach(async () => {
  await changeLanguage('en');
});

test('one labelled group of ENG, RU and KG with the current language chosen', () => {
  render(<LanguageSwitcher />);
  const group = screen.getByRole('radiogroup', { name: 'Interface language' });
  expect(group).toBeTruthy();
  expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['en', 'ru', 'ky']);
  expect((screen.getByRole('radio', { name: 'ENG' }) as HTMLInputElement).checked).toBe(true);
});

test('the keyboard moves the choice, and onChange hears of it once the texts switched', async () => {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<LanguageSwitcher size="small" onChange={onChange} />);

  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'ENG' }));
  await user.keyboard('{ArrowRight}');
  await waitFor(() => {
    expect(onChange).toHaveBeenCalledWith('ru');
  });
  expect(localStorage.getItem('language')).toBe('ru');
  expect(screen.getByRole('radiogroup', { name: 'Язык интерфейса' })).toBeTruthy();
  expect((screen.getByRole('radio', { name: 'RU' }) as HTMLInputElement).checked).toBe(true);
});
