import { formatSom, type TPaged } from '@zaryad/contracts';
import {
  type TReferral,
  type TReferralSettings,
  type ZReferralCreateBody,
  type ZReferralListQuery,
  type ZReferralSettingsUpdateBody,
} from '@zaryad/contracts/referrals';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FieldErrors } from '../../http/api-errors';
import { queryList } from '../../platform/list-query';
import type { Transaction } from '../../platform/transaction';
import { isUniqueViolation } from '../../platform/unique-violation';
import { recordAudit, type TActor } from '../audit';
import { appUsers } from '../users';
import { REFERRALS_ORDER, referralConditions } from './referrals.filters';
import { bonusText, readReferralBonuses } from './referrals.rewards';
import { referralSettings, referrals } from './referrals.tables';

type TListQuery = z.output<typeof ZReferralListQuery>;
type TCreateBody = z.output<typeof ZReferralCreateBody>;
type TSettingsBody = z.output<typeof ZReferralSettingsUpdateBody>;
export type TReferralRow = typeof referrals.$inferSelect;

export interface RegisterReferral {
  invitedUserId: number;
  /** The inviter's referral code as the invited user typed it (case and spaces do not matter). */
  code: string;
  /** When the invited user registered; now when absent. */
  registeredAt?: Date;
  /** Who linked them, for the audit log; the drivers' app's registration passes none. */
  actor?: TActor;
}

/**
 * Links an invited user to the owner of `code`, in the caller's transaction (the registration that creates the
 * user). Refused with a translated field error: an unknown code, one's own code, a user already invited, or the
 * code's owner invited by this user (two users may not invite each other).
 */
export const registerReferral = async (tx: Transaction | Database, input: RegisterReferral): Promise<TReferralRow> => {
  const code = input.code.trim().toUpperCase();
  const [owner] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.referralCode, code)).limit(1);
  if (!owner) {
    throw new FieldErrors({ code: ['referral_code_not_found'] });
  }
  if (owner.id === input.invitedUserId) {
    throw new FieldErrors({ code: ['referral_own_code'] });
  }
  const [invited] = await tx
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(eq(appUsers.id, input.invitedUserId))
    .limit(1);
  if (!invited) {
    throw new FieldErrors({ invited: ['not_found'] });
  }
  const existing = await tx
    .select({ inviter: referrals.inviterUserId, invited: referrals.invitedUserId })
    .from(referrals)
    .where(inArray(referrals.invitedUserId, [input.invitedUserId, owner.id]));
  if (existing.some((row) => row.invited === input.invitedUserId)) {
    throw new FieldErrors({ invited: ['referral_exists'] });
  }
  if (existing.some((row) => row.invited === owner.id && row.inviter === input.invitedUserId)) {
    throw new FieldErrors({ code: ['referral_mutual'] });
  }
  try {
    const [row] = await tx
      .insert(referrals)
      .values({
        inviterUserId: owner.id,
        invitedUserId: input.invitedUserId,
        code,
        registeredAt: input.registeredAt ?? new Date(),
      })
      .returning();
    if (!row) {
      throw new Error('the referral was not inserted');
    }
    if (input.actor) {
      await recordAudit(tx, {
        actor: input.actor,
        action: 'create',
        entity: 'referral',
        entityId: row.id,
        after: { inviter: owner.id, invited: input.invitedUserId, code },
      });
    }
    return row;
  } catch (error) {
    // Two registrations of one user at once: the unique index lets one through.
    if (isUniqueViolation(error, 'referrals_invited_unique')) {
      throw new FieldErrors({ invited: ['referral_exists'] });
    }
    throw error;
  }
};

const inviters = alias(appUsers, 'inviter');
const inviteds = alias(appUsers, 'invited');

const userRef = (user: typeof inviters.$inferSelect) => ({
  id: user.id,
  name: user.name,
  phone: user.phone,
  personal_account: user.personalAccount,
});

const toSettings = (bonuses: { inviter: bigint; invited: bigint }): TReferralSettings => ({
  inviter_bonus: formatSom(bonuses.inviter),
  invited_bonus: formatSom(bonuses.invited),
});

export interface ReferralsService {
  list(query: TListQuery): Promise<TPaged<TReferral>>;
  create(body: TCreateBody, actor: TActor): Promise<TReferral>;
  getSettings(): Promise<TReferralSettings>;
  updateSettings(body: TSettingsBody, actor: TActor): Promise<TReferralSettings>;
}

export const createReferralsService = (db: Database): ReferralsService => {
  const load = async (ids: number[]): Promise<TReferral[]> => {
    const rows = await db
      .select({ referral: referrals, inviter: inviters, invited: inviteds })
      .from(referrals)
      .innerJoin(inviters, eq(inviters.id, referrals.inviterUserId))
      .innerJoin(inviteds, eq(inviteds.id, referrals.invitedUserId))
      .where(inArray(referrals.id, ids));
    return rows.map(({ referral, inviter, invited }) => ({
      id: referral.id,
      inviter: userRef(inviter),
      invited: userRef(invited),
      code: referral.code,
      registered_at: referral.registeredAt.toISOString(),
      status: referral.status === 'rewarded' ? 'rewarded' : 'pending',
      rewarded_at: referral.rewardedAt?.toISOString() ?? null,
      charge_id: referral.chargeId,
      inviter_bonus: bonusText(referral.inviterBonus),
      invited_bonus: bonusText(referral.invitedBonus),
    }));
  };

  return {
    async list(query) {
      const source = {
        table: referrals,
        id: referrals.id,
        where: referralConditions(query),
        order: REFERRALS_ORDER,
        // The search reads the users' names and phones, whose writes do not bump this table's version.
        remember: query.search === undefined,
      };
      return queryList(db, source, query, load);
    },

    async create(body, actor) {
      const row = await db.transaction((tx) =>
        registerReferral(tx, { invitedUserId: body.invited, code: body.code, actor }),
      );
      const [referral] = await load([row.id]);
      if (!referral) {
        throw new Error('the referral just made was not found');
      }
      return referral;
    },

    async getSettings() {
      return toSettings(await readReferralBonuses(db));
    },

    async updateSettings(body, actor) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(referralSettings).where(eq(referralSettings.id, 1)).for('update');
        const current = { inviter: before?.inviterBonus ?? 0n, invited: before?.invitedBonus ?? 0n };
        const next = { inviter: body.inviter_bonus ?? current.inviter, invited: body.invited_bonus ?? current.invited };
        const values = { inviterBonus: next.inviter, invitedBonus: next.invited, updatedAt: new Date() };
        await tx
          .insert(referralSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: referralSettings.id, set: values });
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'referral_settings',
          entityId: 1,
          before: toSettings(current),
          after: toSettings(next),
        });
        return toSettings(next);
      });
    },
  };
};

/** The referral of an invited user, if any (tests and the seed). */
export const referralOf = async (db: Database | Transaction, invitedUserId: number) => {
  const [row] = await db
    .select()
    .from(referrals)
    .where(and(eq(referrals.invitedUserId, invitedUserId)))
    .limit(1);
  return row ?? null;
};
