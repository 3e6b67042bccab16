import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordAudit, SYSTEM_ACTOR } from '../audit';
import { accounts, roles } from './accounts.tables';
import { hashPassword } from './passwords';

export const DEFAULT_ADMIN_EMAIL = 'admin@zaryad.local';

export interface FirstAdmin {
  email: string;
  /** Set only when the password was generated: it is shown once and never stored in clear. */
  generatedPassword: string | undefined;
}

/** Creates the first superadmin when the database has no account at all; answers undefined otherwise. */
export const ensureFirstAdmin = async (
  db: Database,
  options: { email: string | undefined; password: string | undefined },
): Promise<FirstAdmin | undefined> => {
  const [existing] = await db.select({ total: count() }).from(accounts);
  if ((existing?.total ?? 0) > 0) {
    return undefined;
  }
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'superadmin')).limit(1);
  if (!role) {
    throw new Error('the superadmin role is missing: migrations did not run');
  }
  const email = options.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(options.password ?? generatedPassword ?? '');
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(accounts)
      .values({ roleId: role.id, lastName: 'Admin', firstName: 'Zaryad', phone: '', email, passwordHash })
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    if (created) {
      await recordAudit(tx, { actor: SYSTEM_ACTOR, action: 'create', entity: 'account', entityId: created.id, after: { email, role: 'superadmin' } });
    }
  });
  return { email, generatedPassword };
};
