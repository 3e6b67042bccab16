import { LIMITS } from '@zaryad/contracts';

// Look-alikes (0/O, 1/l/I) are left out: a generated password is often copied by hand.
const GROUPS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+?'] as const;
const ALL = GROUPS.join('');

const randomIndex = (size: number, random: (values: Uint32Array) => Uint32Array): number => {
  // Rejection sampling: a plain modulo would favour the first characters.
  const limit = Math.floor(0x1_0000_0000 / size) * size;
  for (;;) {
    const [value = 0] = random(new Uint32Array(1));
    if (value < limit) {
      return value % size;
    }
  }
};

/**
 * A strong random password for the 'generate new password' button: at least one upper, lower, digit and
 * symbol, from the browser's cryptographic random source.
 */
export const generatePassword = (
  length = Math.max(16, LIMITS.passwordMin),
  random: (values: Uint32Array) => Uint32Array = (values) => crypto.getRandomValues(values),
): string => {
  const pick = (alphabet: string) => alphabet[randomIndex(alphabet.length, random)] ?? '';
  const chars = [...GROUPS.map(pick), ...Array.from({ length: length - GROUPS.length }, () => pick(ALL))];
  // Shuffle so that the guaranteed characters are not always first (Fisher-Yates).
  for (let index = chars.length - 1; index > 0; index -= 1) {
    const other = randomIndex(index + 1, random);
    [chars[index], chars[other]] = [chars[other] ?? '', chars[index] ?? ''];
  }
  return chars.join('');
};
