import { expect, test } from 'vitest';
import { contentTexts } from '@/features/content/texts';
import { profileTexts } from '@/features/profile/texts';
import { walletTexts } from '@/features/wallet/texts';
import type { TTexts } from '@/lib/i18n';

/** Every key of a bundle, nested ones dotted; plural forms (`_one`, `_few`, ...) count as their key. */
const keysOf = (bundle: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
const sorted = (keys: string[]) => [...new Set(keys)].sort();

test.each([
  ['wallet', walletTexts],
  ['profile', profileTexts],
  ['content', contentTexts],
] as [string, TTexts][])('the %s texts have the same keys in ru, en and ky', (_name, texts) => {
  const ru = sorted(keysOf(texts.ru));
  expect(sorted(keysOf(texts.en))).toEqual(ru);
  expect(sorted(keysOf(texts.ky))).toEqual(ru);
});
