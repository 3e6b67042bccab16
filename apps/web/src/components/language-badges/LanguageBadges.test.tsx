import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { LanguageBadges } from '@/components/language-badges/LanguageBadges';
import { renderWithKit } from '@/components/test-render';

test('shows KG, RU, ENG for the filled titles only, in that order', () => {
  renderWithKit(<LanguageBadges record={{ title_ru: 'Кафе', title_en: 'Cafe', title_ky: '  ' }} />);
  const group = screen.getByRole('group', { name: 'Filled in: Russian, English' });
  expect(group.textContent).toBe('RUENG');
});

test('all three', () => {
  renderWithKit(<LanguageBadges record={{ title_ru: 'Кафе', title_en: 'Cafe', title_ky: 'Кафе' }} />);
  expect(screen.getByRole('group').textContent).toBe('KGRUENG');
});

test('nothing filled shows nothing', () => {
  const { container } = renderWithKit(<LanguageBadges record={{ title_ru: '', title_en: null }} />);
  expect(container.textContent).toBe('');
});
