import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import type { TTokenPair } from '@zaryad/contracts';
import type { TReferral } from '@zaryad/contracts/referrals';
import { e2eUser } from './users';

type TUserKey = Parameters<typeof e2eUser>[0];

const auth = (admin: TTokenPair) => ({ Authorization: `Bearer ${admin.access}` });

/** A seeded user's id and referral code, found by the unique personal account. */
const seededUser = async (request: APIRequestContext, admin: TTokenPair, key: TUserKey) => {
  const response = await request.get('/api/v1/users/', {
    params: { search: e2eUser(key).personalAccount },
    headers: auth(admin),
  });
  const page = (await response.json()) as { items: { id: number; personal_account: string; referral_code: string }[] };
  const found = page.items.find((item) => item.personal_account === e2eUser(key).personalAccount);
  if (!found) {
    throw new Error(`the seeded user ${key} is missing: was e2e/support/seed-users.ts run?`);
  }
  return found;
};

/**
 * Links `invited` to `inviter` as the drivers' app's registration does (POST /ads/referrals/), and answers the
 * referral. A retry of the test finds the link already made and reads it back instead.
 */
export async function linkReferral(
  request: APIRequestContext,
  admin: TTokenPair,
  inviterKey: TUserKey,
  invitedKey: TUserKey,
): Promise<TReferral> {
  const inviter = await seededUser(request, admin, inviterKey);
  const invited = await seededUser(request, admin, invitedKey);
  const made = await request.post('/api/v1/ads/referrals/', {
    data: { invited: invited.id, code: inviter.referral_code },
    headers: { ...auth(admin), 'Accept-Language': 'en' },
  });
  if (made.status() === 201) {
    return (await made.json()) as TReferral;
  }
  expect(await made.json()).toEqual({ invited: ['This user has already been invited by another user'] });
  const listed = await request.get('/api/v1/ads/referrals/', { params: { invited: invited.id }, headers: auth(admin) });
  const [referral] = ((await listed.json()) as { items: TReferral[] }).items;
  expect(referral?.inviter.id).toBe(inviter.id);
  return referral as TReferral;
}
