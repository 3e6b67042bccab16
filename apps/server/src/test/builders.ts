import type { TTokenPair } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { accounts, roles } from '../modules/accounts/accounts.tables';
import { hashPassword } from '../modules/accounts/passwords';

export interface BuiltAccount {
  id: number;
  email: string;
  /** The clear password, for signing in. */
  password: string;
  roleKey: string;
}

export interface AccountOverrides {
  email?: string;
  password?: string;
  /** A built-in role's key (superadmin, manager, operator, finance, analyst) or a custom role's. */
  roleKey?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  position?: string;
  birthday?: string | null;
  isBlocked?: boolean;
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Inserts a dashboard account (shared by the tests and the demo seed). Unique email unless one is given. */
export const buildAccount = async (db: Database, overrides: AccountOverrides = {}): Promise<BuiltAccount> => {
  const roleKey = overrides.roleKey ?? 'manager';
  const password = overrides.password ?? 'correct-horse-battery';
  const email = (overrides.email ?? `user-${unique()}@zaryad.test`).toLowerCase();
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, roleKey)).limit(1);
  if (!role) {
    throw new Error(`role ${roleKey} is missing`);
  }
  const [row] = await db
    .insert(accounts)
    .values({
      roleId: role.id,
      email,
      passwordHash: await hashPassword(password),
      firstName: overrides.firstName ?? 'Aida',
      lastName: overrides.lastName ?? 'Toktogulova',
      phone: overrides.phone ?? '996555123456',
      position: overrides.position ?? 'Manager',
      birthday: overrides.birthday ?? null,
      status: overrides.isBlocked ? 1 : 0,
    })
    .returning({ id: accounts.id });
  if (!row) {
    throw new Error('account insert returned nothing');
  }
  return { id: row.id, email, password, roleKey };
};

/** Signs in through the API, as a client would. */
export const signIn = async (
  app: FastifyInstance,
  account: Pick<BuiltAccount, 'email' | 'password'>,
  options: { remember?: boolean } = {},
): Promise<TTokenPair & { headers: { authorization: string } }> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/accounts/login/',
    payload: { email: account.email, password: account.password, remember: options.remember ?? false },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const tokens = response.json<TTokenPair>();
  return { ...tokens, headers: { authorization: `Bearer ${tokens.access}` } };
};
