import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AccountOverrides, buildAccount } from '../../test/builders';
import { accounts } from './accounts.tables';

/** The demo network's dashboard accounts. Everyone signs in with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'zaryad-demo-2026';
const DEMO_ACCOUNTS: AccountOverrides[] = [
  { email: 'manager@zaryad.local', roleKey: 'manager', firstName: 'Айгерим', lastName: 'Садыкова', phone: '996555100200', position: 'Менеджер сети' },
  { email: 'operator@zaryad.local', roleKey: 'operator', firstName: 'Бакыт', lastName: 'Осмонов', phone: '996700300400', position: 'Оператор' },
  { email: 'operator.osh@zaryad.local', roleKey: 'operator', firstName: 'Нурлан', lastName: 'Абдыкеримов', phone: '996777500600', position: 'Оператор (Ош)' },
  { email: 'finance@zaryad.local', roleKey: 'finance', firstName: 'Гүлнара', lastName: 'Токтосунова', phone: '996555900100', position: 'Финансист' },
  { email: 'analyst@zaryad.local', roleKey: 'analyst', firstName: 'Азамат', lastName: 'Беков', phone: '996700900200', position: 'Аналитик' },
  { email: 'blocked@zaryad.local', roleKey: 'manager', firstName: 'Эмиль', lastName: 'Жумабеков', phone: '996550700800', position: 'Бывший менеджер', isBlocked: true },
];

/** Creates the demo accounts that do not exist yet; running it twice changes nothing. */
export const seedDemoAccounts = async (db: Database): Promise<string[]> => {
  const created: string[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const email = demo.email ?? '';
    const [existing] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
    if (!existing) {
      await buildAccount(db, { ...demo, password: DEMO_PASSWORD });
      created.push(email);
    }
  }
  return created;
};

/** seed:demo's line for the accounts. */
export const describeDemoAccounts = (created: readonly string[]): string =>
  created.length > 0
    ? `Demo accounts created (password ${DEMO_PASSWORD}):\n  ${created.join('\n  ')}`
    : 'Demo accounts already exist: nothing to do.';
