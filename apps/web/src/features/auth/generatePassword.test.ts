import { zPassword } from '@zaryad/contracts';
import { expect, test } from 'vitest';
import { generatePassword } from '@/features/auth/generatePassword';

test('a generated password passes the password rule and mixes every kind of character', () => {
  for (let run = 0; run < 50; run += 1) {
    const password = generatePassword();
    expect(zPassword().safeParse(password).success).toBe(true);
    expect(password).toHaveLength(16);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/[a-z]/);
    expect(password).toMatch(/\d/);
    expect(password).toMatch(/[^A-Za-z0-9]/);
  }
});

test('two generated passwords differ', () => {
  expect(generatePassword()).not.toBe(generatePassword());
});
