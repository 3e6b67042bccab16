import { expect, test } from 'vitest';
import { explainDeleteRefusal, withDeleteRefusal } from '@/components/feedback/deleteRefusal';
import { ApiError } from '@/lib/apiError';

test('a 400 with an array of messages becomes one Error with the messages joined', async () => {
  const refused = withDeleteRefusal(async () => {
    throw new ApiError(400, ['An active record cannot be deleted.', 'Deactivate it first.']);
  });
  await expect(refused()).rejects.toThrow('An active record cannot be deleted. Deactivate it first.');
});

test('other failures pass through unchanged', () => {
  const notFound = new ApiError(404, { detail: 'Not found.' });
  expect(explainDeleteRefusal(notFound)).toBe(notFound);
  const empty = new ApiError(400, []);
  expect(explainDeleteRefusal(empty)).toBe(empty);
});
