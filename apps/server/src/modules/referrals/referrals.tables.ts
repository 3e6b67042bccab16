import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { USER_LIMITS } from '@zaryad/contracts';
import { tyiyn } from '../../platform/money-columns';
import { appUsers } from '../users';

/**
 * Referrals: the invited app user linked to the inviter, whose code they entered at registration. One inviter per
 * user (invited_user_id is unique), never oneself. Pending until the invited user's first delivered charge: the
 * charges engine then books the bonuses through the ledger in its finish transaction and sets status, rewarded_at,
 * charge_id and the two bonuses (tyiyn, 0 when the setting was 0) in one conditional UPDATE, so that it happens once.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    invitedUserId: integer('invited_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: USER_LIMITS.referralCode }).notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    /** The charge that earned the reward (charges come after this domain and are not referenced). */
    chargeId: bigint('charge_id', { mode: 'number' }),
    inviterBonus: tyiyn('inviter_bonus'),
    invitedBonus: tyiyn('invited_bonus'),
  },
  (table) => [
    uniqueIndex('referrals_invited_unique').on(table.invitedUserId),
    check('referrals_status_check', sql`${table.status} in ('pending', 'rewarded')`),
    check('referrals_not_self_check', sql`${table.inviterUserId} <> ${table.invitedUserId}`),
    check(
      'referrals_reward_check',
      sql`(${table.status} = 'pending' and ${table.rewardedAt} is null) or (${table.status} = 'rewarded' and ${table.rewardedAt} is not null and ${table.inviterBonus} >= 0 and ${table.invitedBonus} >= 0)`,
    ),
    // The list: newest first (indexes read backwards), each filter with the order behind it.
    index('referrals_registered_idx').on(table.registeredAt, table.id),
    index('referrals_status_idx').on(table.status, table.registeredAt, table.id),
    index('referrals_rewarded_idx').on(table.rewardedAt),
    index('referrals_inviter_idx').on(table.inviterUserId, table.registeredAt, table.id),
  ],
);

/** The network's referral bonuses: one row (id 1), written by the settings screen; no row means 0 and 0. */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: smallint('id').primaryKey().default(1),
    inviterBonus: tyiyn('inviter_bonus')
      .notNull()
      .default(sql`0`),
    invitedBonus: tyiyn('invited_bonus')
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('referral_settings_single_row_check', sql`${table.id} = 1`),
    check('referral_settings_bonus_check', sql`${table.inviterBonus} >= 0 and ${table.invitedBonus} >= 0`),
  ],
);
