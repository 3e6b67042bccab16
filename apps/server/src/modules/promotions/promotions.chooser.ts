/**
 * Which promotion a finishing charge gets (issue 14, part 3). The charges engine calls `choosePromotion` inside its
 * finish transaction with the charge's amount before any discount; the best qualifying active promotion (the largest
 * discount, the oldest on a tie) wins, and `record` keeps the use with the explanation of the choice.
 *
 * A promotion qualifies when it is active, the charge started within its period and, that Bishkek day, within its
 * happy hours; the station is one of its stations (all of its merchant's, or of the network, when none is picked); the
 * amount reaches its minimum; and the user had at least its minimum number of delivered charges before this one.
 *
 * A promotion with promo codes (any, even deactivated or expired ones) is reached by code only: it is a candidate only
 * when a redemption of one of its codes names this charge (redeemed during it), or when the charge's user has a
 * redemption of one of its codes that names no charge yet, made before the charge finished (it waits for the user's
 * next finishing charge). Its other conditions still apply, and it still has to be the best: when another promotion
 * gives more, that one wins and the redemption keeps waiting for a later charge (a redemption that named this charge
 * lets go of it, `settleRedemptions`), so that a redemption's charge always carries the code's promotion. The
 * redemption that gave the promotion takes the charge's id in the finish's transaction, under a row lock taken before
 * the choice: two charges of the user finishing at once cannot both use it.
 */
import { formatSom, isWithinHappyHours, STATUS } from '@zaryad/contracts';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { BISHKEK_OFFSET_SECONDS } from '../../platform/bishkek-time';
import { placeholder, prepared } from '../../platform/prepared';
import { sqlArray } from '../../platform/sql-arrays';
import type { Transaction } from '../../platform/transaction';
import { stations } from '../stations';
import { promoCodeRedemptions, promoCodes, promotions, promotionStations, promotionUses } from './promotions.tables';

export interface PromotionCandidateCharge {
  chargeId: number;
  userId: number | null;
  stationId: number;
  startedAt: Date;
  finishedAt: Date;
  energyWh: number;
  /** Tyiyn before any discount. */
  amount: bigint;
  /** The user's delivered charges before this one; asked only when a candidate needs it. */
  countUserCharges: () => Promise<number>;
}

/** A redemption that makes its code's promotion a candidate: one naming the charge, or one of the user's waiting. */
export interface CodeRedemption {
  id: number;
  promotionId: number;
  code: string;
}

export interface ChosenPromotion {
  id: number;
  percent: number;
  fixedTyiyn: bigint;
  /** Why this one: kept with the use. */
  reason: string;
  /** The redemption that made it a candidate (a promotion with codes), which takes the charge; null for the others. */
  redemptionId: number | null;
  /** Records the use with the discount the charge finally got. */
  record(tx: Transaction, discount: bigint): Promise<void>;
}

/** The discount a promotion gives on an amount, as chargeCost computes it: half up, never above the amount. */
export const discountOf = (amount: bigint, percent: number | null, fixed: bigint | null) => {
  const wanted = percent !== null ? (amount * BigInt(percent) * 2n + 100n) / 200n : (fixed ?? 0n);
  return wanted > amount ? amount : wanted;
};

/** Minutes after Bishkek midnight of an instant. */
export const bishkekMinuteOfDay = (instant: Date) =>
  Math.floor(((instant.getTime() / 1000 + BISHKEK_OFFSET_SECONDS) % 86_400) / 60);

/** Promotions that have promo codes: reached by code only (file comment). */
const hasCodes = sql`exists (select 1 from ${promoCodes} pc where pc.promotion_id = ${promotions.id})`;

/**
 * The redemptions that open their promotions to a finishing charge, locked: those naming it first, then the user's
 * waiting ones made by `finishedAt`, oldest first. A concurrent finish of another charge of the user waits here, and
 * then no longer sees a redemption this one took.
 */
const lockRedemptions = async (
  tx: Transaction,
  charge: Pick<PromotionCandidateCharge, 'chargeId' | 'userId' | 'finishedAt'>,
): Promise<CodeRedemption[]> => {
  if (charge.userId === null) {
    return [];
  }
  return lockedRedemptions(tx, { userId: charge.userId, chargeId: charge.chargeId, finishedAt: charge.finishedAt });
};

// The chooser's statements run in every finish: prepared (platform/prepared.ts), built and planned once.
const lockedRedemptions = prepared('promotions_lock_redemptions', (db) =>
  db
    .select({ id: promoCodeRedemptions.id, promotionId: promoCodes.promotionId, code: promoCodes.code })
    .from(promoCodeRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeRedemptions.codeId))
    .where(
      and(
        eq(promoCodeRedemptions.userId, sql.placeholder('userId')),
        or(
          eq(promoCodeRedemptions.chargeId, sql.placeholder('chargeId')),
          and(
            isNull(promoCodeRedemptions.chargeId),
            lte(promoCodeRedemptions.createdAt, placeholder(promoCodeRedemptions.createdAt, 'finishedAt')),
          ),
        ),
      ),
    )
    .orderBy(sql`${promoCodeRedemptions.chargeId} is null`, asc(promoCodeRedemptions.id))
    .for('update', { of: promoCodeRedemptions }),
);

/**
 * The promotions whose period, station and minimum amount a charge meets: those without codes, and those with codes
 * among `codePromotionIds` (an array literal, `{}` for none), in id order.
 */
const candidatePromotions = prepared('promotions_candidates', (db) => {
  const stationId = sql.placeholder('stationId');
  const merchantId = sql`(select ${stations.merchantId} from ${stations} where ${stations.id} = ${stationId})`;
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.status, STATUS.active),
        lte(promotions.startsAt, placeholder(promotions.startsAt, 'startedAt')),
        gt(promotions.endsAt, placeholder(promotions.endsAt, 'startedAt')),
        lte(promotions.minChargeAmount, placeholder(promotions.minChargeAmount, 'amount')),
        sql`(exists (select 1 from ${promotionStations} ps where ps.promotion_id = ${promotions.id} and ps.station_id = ${stationId})
          or (not exists (select 1 from ${promotionStations} ps where ps.promotion_id = ${promotions.id})
              and (${promotions.merchantId} is null or ${promotions.merchantId} = ${merchantId})))`,
        or(sql`not ${hasCodes}`, sql`${promotions.id} = any(${sql.placeholder('codePromotionIds')}::int[])`),
      ),
    )
    .orderBy(promotions.id);
});

/** The first redemption (in `lockRedemptions`' order) of each promotion. */
const firstRedemptionOf = (redemptions: readonly CodeRedemption[]) => {
  const first = new Map<number, CodeRedemption>();
  for (const redemption of redemptions) {
    if (!first.has(redemption.promotionId)) {
      first.set(redemption.promotionId, redemption);
    }
  }
  return first;
};

export const choosePromotion = async (
  tx: Transaction,
  charge: PromotionCandidateCharge,
): Promise<ChosenPromotion | null> => {
  if (charge.amount <= 0n) {
    return null;
  }
  const redemptions = firstRedemptionOf(await lockRedemptions(tx, charge));
  const candidates = await candidatePromotions(tx, {
    stationId: charge.stationId,
    startedAt: charge.startedAt,
    amount: charge.amount,
    codePromotionIds: sqlArray([...redemptions.keys()]),
  });
  const best = await pickBest(candidates, { ...charge, redemptionOf: (id) => redemptions.get(id) });
  if (!best) {
    return null;
  }
  return {
    ...best,
    async record(recordTx, discount) {
      await recordTx
        .insert(promotionUses)
        .values(promotionUse(charge, best, discount))
        .onConflictDoNothing();
    },
  };
};

/**
 * A finished charge's redemptions, in its finish's transaction: the one that gave it its promotion (`usedId`) takes
 * the charge; any other that named it lets go, to wait for the user's next charge (file comment).
 */
export const settleRedemptions = async (tx: Transaction, chargeId: number, usedId: number | null) => {
  await (usedId === null ? letGoOfCharge(tx, { chargeId }) : takeCharge(tx, { chargeId, usedId }));
};

const letGoOfCharge = prepared('promotions_redemptions_let_go', (db) =>
  db
    .update(promoCodeRedemptions)
    .set({ chargeId: null })
    .where(eq(promoCodeRedemptions.chargeId, sql.placeholder('chargeId'))),
);
const takeCharge = prepared('promotions_redemptions_take', (db) =>
  db
    .update(promoCodeRedemptions)
    .set({
      chargeId: sql`case when ${promoCodeRedemptions.id} = ${sql.placeholder('usedId')} then ${sql.placeholder('chargeId')}::bigint end`,
    })
    .where(
      or(
        eq(promoCodeRedemptions.chargeId, sql.placeholder('chargeId')),
        eq(promoCodeRedemptions.id, sql.placeholder('usedId')),
      ),
    ),
);

type TPromotionRow = typeof promotions.$inferSelect;
type TBest = Omit<ChosenPromotion, 'record'>;

/** What pickBest asks of a charge: `redemptionOf` names the redemption that opened a promotion with codes to it. */
type TPickCharge = Pick<PromotionCandidateCharge, 'userId' | 'startedAt' | 'amount' | 'countUserCharges'> & {
  redemptionOf: (promotionId: number) => CodeRedemption | undefined;
};

/** The promotion_uses row of a charge that got `best` with `discount`. */
export const promotionUse = (
  charge: Pick<PromotionCandidateCharge, 'chargeId' | 'userId' | 'stationId' | 'finishedAt' | 'energyWh' | 'amount'>,
  best: TBest,
  discount: bigint,
): typeof promotionUses.$inferInsert => ({
  chargeId: charge.chargeId,
  promotionId: best.id,
  userId: charge.userId,
  stationId: charge.stationId,
  finishedAt: charge.finishedAt,
  energyWh: charge.energyWh,
  amount: charge.amount,
  discount,
  reason: best.reason,
});

/**
 * Among promotions whose period, station and minimum amount the charge meets, the best one for it (file comment):
 * happy hours and the minimum number of charges are checked here, the user's count asked only when one needs it.
 */
const pickBest = async (candidates: readonly TPromotionRow[], charge: TPickCharge): Promise<TBest | null> => {
  const minute = bishkekMinuteOfDay(charge.startedAt);
  let userCharges: number | undefined;
  const qualified: { row: TPromotionRow; discount: bigint }[] = [];
  for (const row of candidates) {
    if (!isWithinHappyHours(minute, row.happyStart, row.happyEnd)) {
      continue;
    }
    if (row.minChargesCount > 0) {
      if (charge.userId === null) {
        continue;
      }
      userCharges ??= await charge.countUserCharges();
      if (userCharges < row.minChargesCount) {
        continue;
      }
    }
    qualified.push({ row, discount: discountOf(charge.amount, row.discountPercent, row.discountAmount) });
  }
  const best = qualified.reduce<(typeof qualified)[number] | undefined>(
    (winner, entry) => (winner === undefined || entry.discount > winner.discount ? entry : winner),
    undefined,
  );
  if (!best) {
    return null;
  }
  const others = qualified
    .filter((entry) => entry !== best)
    .map((entry) => `#${entry.row.id} (${formatSom(entry.discount)})`);
  const kind =
    best.row.discountPercent !== null ? `${best.row.discountPercent}%` : formatSom(best.row.discountAmount ?? 0n);
  const redemption = charge.redemptionOf(best.row.id);
  const reason =
    `Promotion #${best.row.id} (${kind}): discount ${formatSom(best.discount)} of ${formatSom(charge.amount)}` +
    (others.length > 0 ? `; larger than ${others.join(', ')}` : '; the only qualifying promotion') +
    (redemption ? `; eligible through promo code ${redemption.code} (redemption #${redemption.id})` : '');
  return {
    id: best.row.id,
    percent: best.row.discountPercent ?? 0,
    fixedTyiyn: best.row.discountAmount ?? 0n,
    reason,
    redemptionId: redemption?.id ?? null,
  };
};
