import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): slow for an attacker, about 20 ms for a sign-in.
// 2 is Algorithm.Argon2id: the package exports it as a const enum, which isolated modules cannot read.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/**
 * A real hash of a random password: unknown emails are checked against it so that a sign-in takes as long whether or
 * not the account exists.
 */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => (dummyHash ??= hashPassword(`dummy-${Math.random()}`));
