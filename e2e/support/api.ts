import type { APIRequestContext } from '@playwright/test';
import type { TAccount, TAccountCreateBody, TTokenPair } from '@zaryad/contracts';
import { E2E_ADMIN } from '../env';

/** Signs in through the API (faster and steadier than the form; the login form has its own tests). */
export async function apiSignIn(
  request: APIRequestContext,
  credentials: { email: string; password: string } = E2E_ADMIN,
): Promise<TTokenPair> {
  const response = await request.post('/api/v1/accounts/login/', { data: { ...credentials, remember: false } });
  if (!response.ok()) {
    throw new Error(`sign-in failed for ${credentials.email}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as TTokenPair;
}

let sequence = 0;
/** A unique suffix so that tests running in parallel never share records. */
export const unique = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(sequence++).toString(36)}`;

/** Creates a dashboard account through the API, as an administrator would. */
export async function buildAccount(
  request: APIRequestContext,
  admin: TTokenPair,
  overrides: Partial<TAccountCreateBody> = {},
): Promise<TAccount & { password: string }> {
  const id = unique();
  const rolesResponse = await request.get('/api/v1/accounts/roles/', {
    headers: { Authorization: `Bearer ${admin.access}` },
  });
  const roles = (await rolesResponse.json()) as { id: number; key: string }[];
  const role = roles.find((item) => item.key === 'manager') ?? roles[0];
  const body: TAccountCreateBody = {
    role: role?.id ?? 1,
    last_name: 'Асанов',
    first_name: `Тест ${id}`,
    phone: `996555${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`,
    email: `e2e-${id}@zaryad.kg`,
    position: 'Оператор',
    password: `Passw0rd-${id}`,
    ...overrides,
  };
  const response = await request.post('/api/v1/accounts/', {
    data: body,
    headers: { Authorization: `Bearer ${admin.access}` },
  });
  if (response.status() !== 201) {
    throw new Error(`account create failed: ${response.status()} ${await response.text()}`);
  }
  return { ...((await response.json()) as TAccount), password: body.password };
}
