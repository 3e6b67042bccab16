import {
  formatSom,
  moneyToTyiyn,
  translateMessage,
  type TBalanceBasis,
  type TLanguage,
  type TPaymentMethod,
} from '@zaryad/contracts';
import type { TAppProfile, TAppProfileUpdate } from '@zaryad/contracts/app';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import type { PromoCodesService } from '../promo-codes';
import { appSessions, appUsers, balanceEntries, heldBy, userDevices } from '../users';
import { profileOf } from './drivers.sign-in';

/** A driver's own data (docs/product/app-api.md#profile, #money): profile, devices, balance, statement, promo codes. */
export const createDriverAccount = (
  db: Database,
  options: { minBalanceTyiyn: bigint; promoCodes: PromoCodesService },
) => {
  const profile = async (userId: number): Promise<TAppProfile> => {
    const [row] = await db.select().from(appUsers).where(eq(appUsers.id, userId));
    if (!row) {
      throw new ApiError(401, 'token_invalid');
    }
    return profileOf(row);
  };

  return {
    profile,

    /** PATCH /me/: only the fields sent change. */
    async update(userId: number, body: TAppProfileUpdate): Promise<TAppProfile> {
      const { car } = body;
      const changes = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.gender !== undefined && { gender: body.gender }),
        ...(body.birthday !== undefined && { birthday: body.birthday }),
        ...(body.driver_licence !== undefined && { driverLicence: body.driver_licence }),
        ...(body.language !== undefined && { language: body.language }),
        ...(car?.make !== undefined && { carMake: car.make }),
        ...(car?.model !== undefined && { carModel: car.model }),
        ...(car?.year !== undefined && { carYear: car.year }),
        ...(car?.color !== undefined && { carColor: car.color }),
      };
      if (Object.keys(changes).length > 0) {
        await db
          .update(appUsers)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(appUsers.id, userId));
      }
      return profile(userId);
    },

    /** PUT /me/device/: this sign-in's push token (the device the app runs on). */
    async setPushToken(sessionId: string, provider: 'fcm' | 'apns', token: string) {
      await db
        .update(appSessions)
        .set({ pushProvider: provider, pushToken: token })
        .where(eq(appSessions.id, sessionId));
    },

    /** The driver's signed-in devices. */
    devices: (userId: number) => userDevices(db, userId, true),

    async balance(userId: number) {
      const { balance } = await profile(userId);
      const held = await heldBy(db, userId);
      return {
        balance,
        held: formatSom(held),
        available: formatSom(moneyToTyiyn(balance) - held),
        min_to_start: formatSom(options.minBalanceTyiyn),
      };
    },

    /** GET /statement/: the driver's ledger, newest first, each entry with the balance after it. */
    async statement(userId: number, page: number, size: number) {
      const [total] = await db.select({ total: count() }).from(balanceEntries).where(eq(balanceEntries.userId, userId));
      const rows = await db
        .select()
        .from(balanceEntries)
        .where(eq(balanceEntries.userId, userId))
        .orderBy(desc(balanceEntries.createdAt), desc(balanceEntries.id))
        .limit(size)
        .offset((page - 1) * size);
      const all = total?.total ?? 0;
      return {
        items: rows.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          basis: row.basis as TBalanceBasis,
          method: row.method as TPaymentMethod,
          debit: formatSom(row.debit),
          credit: formatSom(row.credit),
          deposit: formatSom(row.deposit),
          charge_id: row.chargeId,
        })),
        page,
        pages: Math.max(1, Math.ceil(all / size)),
        size,
        total: all,
      };
    },

    /** POST /promo-codes/: the same redemption the operators' call makes, for this driver. */
    async redeem(userId: number, code: string, ip: string, language: TLanguage) {
      const redemption = await options.promoCodes.redeem({ code, user: userId }, { id: null, ip });
      return {
        detail: translateMessage('app_promo_code_redeemed', language),
        code: redemption.code,
        promotion_id: redemption.promotion,
      };
    },
  };
};

export type DriverAccount = ReturnType<typeof createDriverAccount>;
