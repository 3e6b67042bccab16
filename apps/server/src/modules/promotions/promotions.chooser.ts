/**
 * Which promotion a finishing charge gets (issue 14, part 3). The charges engine calls `choosePromotion` inside its
 * finish transaction with the charge's amount before any discount; the best qualifying active promotion (the largest
 * discount, the oldest on a tie) wins, and `record` keeps the use with the explanation of the choice.
 *
 * A promotion qualifies when it is active, the charge started within its period and, that Bishkek day, within its
 * happy hours; the station is one of its stations (all of its merchant's, or of the network, when none is picked); the
 * amount reaches its minimum; and the user had at least its minimum number of delivered charges before this one.
 */
import { formatSom, isWithinHappyHours, STATUS } from '@zaryad/contracts';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { BISHKEK_OFFSET_SECONDS } from '../../platform/bishkek-time';
import type { Transaction } from '../../platform/transaction';
import { stations } from '../stations';
import { promotions, promotionStations, promotionUses } from './promotions.tables';

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

export interface ChosenPromotion {
  id: number;
  percent: number;
  fixedTyiyn: bigint;
  /** Why this one: kept with the use. */
  reason: string;
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

export const choosePromotion = async (
  tx: Transaction,
  charge: PromotionCandidateCharge,
): Promise<ChosenPromotion | null> => {
  if (charge.amount <= 0n) {
    return null;
  }
  const [station] = await tx
    .select({ merchantId: stations.merchantId })
    .from(stations)
    .where(eq(stations.id, charge.stationId));
  const merchantId = station?.merchantId ?? null;
  const candidates = await tx
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.status, STATUS.active),
        lte(promotions.startsAt, charge.startedAt),
        gt(promotions.endsAt, charge.startedAt),
        lte(promotions.minChargeAmount, charge.amount),
        sql`(exists (select 1 from ${promotionStations} ps where ps.promotion_id = ${promotions.id} and ps.station_id = ${charge.stationId})
          or (not exists (select 1 from ${promotionStations} ps where ps.promotion_id = ${promotions.id})
              and (${promotions.merchantId} is null or ${promotions.merchantId} = ${merchantId})))`,
      ),
    )
    .orderBy(promotions.id);
  const best = await pickBest(candidates, charge);
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

type TPromotionRow = typeof promotions.$inferSelect;
type TBest = Omit<ChosenPromotion, 'record'>;

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
export const pickBest = async (
  candidates: readonly TPromotionRow[],
  charge: Pick<PromotionCandidateCharge, 'userId' | 'startedAt' | 'amount' | 'countUserCharges'>,
): Promise<TBest | null> => {
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
  const reason =
    `Promotion #${best.row.id} (${kind}): discount ${formatSom(best.discount)} of ${formatSom(charge.amount)}` +
    (others.length > 0 ? `; larger than ${others.join(', ')}` : '; the only qualifying promotion');
  return {
    id: best.row.id,
    percent: best.row.discountPercent ?? 0,
    fixedTyiyn: best.row.discountAmount ?? 0n,
    reason,
  };
};

/**
 * The promotions with their stations, read once for a batch of charges booked after the fact (the demo seed's
 * `finishChargesInBatch`): `candidatesFor` answers in memory what the SQL of `choosePromotion` selects. A batch books
 * past charges, so a promotion the end job has since ended counts for the charges of its period; one switched off by
 * hand does not.
 */
export const loadPromotionCatalog = async (tx: Transaction) => {
  const rows = await tx
    .select()
    .from(promotions)
    .where(sql`(${promotions.status} = ${STATUS.active} or ${promotions.endedAt} is not null)`)
    .orderBy(promotions.id);
  const links = await tx.select().from(promotionStations);
  const stationsOf = new Map<number, Set<number>>();
  for (const link of links) {
    stationsOf.set(link.promotionId, (stationsOf.get(link.promotionId) ?? new Set()).add(link.stationId));
  }
  return {
    isEmpty: rows.length === 0,
    /** Whether any promotion needs the user's number of charges before one. */
    needsChargeCounts: rows.some((row) => row.minChargesCount > 0),
    candidatesFor: (charge: { stationId: number; merchantId: number; startedAt: Date; amount: bigint }) =>
      rows.filter((row) => {
        const picked = stationsOf.get(row.id);
        return (
          row.startsAt <= charge.startedAt &&
          row.endsAt > charge.startedAt &&
          row.minChargeAmount <= charge.amount &&
          (picked ? picked.has(charge.stationId) : row.merchantId === null || row.merchantId === charge.merchantId)
        );
      }),
  };
};
