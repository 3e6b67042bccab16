import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';

test('renders with happy-dom', () => {
  render(<p>ok</p>);
  expect(screen.getByText('ok')).toBeTruthy();
});
