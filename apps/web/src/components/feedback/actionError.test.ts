import { expect, test } from 'vitest';
import { describeActionError } from '@/components/feedback/actionError';

test('a string or an Error gives its message, anything else gives null', () => {
  expect(describeActionError('Cannot delete an active station')).toBe('Cannot delete an active station');
  expect(describeActionError(new Error('Network down'))).toBe('Network down');
  expect(describeActionError({ detail: 'x' })).toBeNull();
  expect(describeActionError(undefined)).toBeNull();
  expect(describeActionError('  ')).toBeNull();
});
