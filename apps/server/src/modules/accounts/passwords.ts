/** argon2's native module loads with the first password hashed or checked, not at the start. */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

// OWASP's argon2id baseline (19 MiB, 2 passes): slow for an attacker, about 20 ms for a sign-in.
// 2 is Algorithm.Argon2id: the package exports it as a const enum, which isolated modules cannot read.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash holds 19 MiB while it runs, and libuv would run four at once; the memory freed afterwards stays in the
 * process. Two at a time (this machine's cores) keeps sign-in bursts from raising the server's resident memory,
 * and more would not be faster: argon2 is bound by the CPU.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

const acquire = async () => {
  if (running < MAX_CONCURRENT_HASHES) {
    running += 1;
    return;
  }
  // The releasing hash hands its slot straight to the waiter, so nobody can slip in between.
  await new Promise<void>((resolve) => waiting.push(resolve));
};

const release = () => {
  const next = waiting.shift();
  if (next) {
    next();
  } else {
    running -= 1;
  }
};

const limited = async <T>(work: () => Promise<T>): Promise<T> => {
  await acquire();
  try {
    return await work();
  } finally {
    release();
  }
};

export const hashPassword = (password: string) => limited(async () => (await loadArgon2()).hash(password, OPTIONS));

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await limited(async () => (await loadArgon2()).verify(passwordHash, password));
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
