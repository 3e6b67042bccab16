import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { StatusTag } from '@/components/status-tag/StatusTag';
import { renderWithKit } from '@/components/test-render';

test('0 is active, 1 inactive or blocked', () => {
  renderWithKit(
    <>
      <StatusTag status={0} />
      <StatusTag status={1} />
      <StatusTag status={1} wording="blocking" />
    </>,
  );
  expect(screen.getByText('Active')).toBeTruthy();
  expect(screen.getByText('Inactive')).toBeTruthy();
  expect(screen.getByText('Blocked')).toBeTruthy();
});

test('speaks Kyrgyz', () => {
  renderWithKit(<StatusTag status={1} wording="blocking" />, { language: 'ky' });
  expect(screen.getByText('Бөгөттөлгөн')).toBeTruthy();
});
