import { randomInt } from 'node:crypto';
import { PROMO_CODE_ALPHABET, type TLanguage, type TPaged, type TPromoCodeState } from '@zaryad/contracts';
import {
  type TPromoCode,
  type TPromoCodeRedemption,
  type ZPromoCodeGenerateBody,
  type ZPromoCodeListQuery,
  type ZPromoCodeRedeemBody,
} from '@zaryad/contracts/promo-codes';
import { and, count, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors } from '../../http/api-errors';
import { allOf, descending, queryList, searchAny } from '../../platform/list-query';
import { recordAudit, type TActor } from '../audit';
import { charges, isRunning } from '../charges';
import { promoCodeRedemptions, promoCodes, promotions } from '../promotions';
import { appUsers } from '../users';

type TGenerate = z.output<typeof ZPromoCodeGenerateBody>;
type TListQuery = z.output<typeof ZPromoCodeListQuery>;
type TPromoCodeFilters = Pick<TListQuery, 'search' | 'promotion' | 'state'>;
type TRedeem = z.output<typeof ZPromoCodeRedeemBody>;
type TCodeRow = typeof promoCodes.$inferSelect;

/** A promotion's title column in each language. */
export const PROMOTION_TITLES = { ru: promotions.titleRu, en: promotions.titleEn, ky: promotions.titleKy } as const;

/** A code's state now: deactivated first, then expired, used (any redemption), unused. */
export const stateOf = (row: Pick<TCodeRow, 'deactivatedAt' | 'validUntil' | 'uses'>, now: Date): TPromoCodeState =>
  row.deactivatedAt !== null ? 'deactivated' : row.validUntil <= now ? 'expired' : row.uses > 0 ? 'used' : 'unused';

const stateCondition = (state: TPromoCodeState, now: Date): SQL => {
  switch (state) {
    case 'deactivated':
      return isNotNull(promoCodes.deactivatedAt);
    case 'expired':
      return and(isNull(promoCodes.deactivatedAt), lte(promoCodes.validUntil, now)) as SQL;
    case 'used':
      return and(isNull(promoCodes.deactivatedAt), gt(promoCodes.validUntil, now), gt(promoCodes.uses, 0)) as SQL;
    default:
      return and(isNull(promoCodes.deactivatedAt), gt(promoCodes.validUntil, now), eq(promoCodes.uses, 0)) as SQL;
  }
};

/** The list's filters (and its export's) over the codes' own columns, the state as of `now`. */
export const promoCodeConditions = (filters: TPromoCodeFilters, now: Date): SQL | undefined =>
  allOf(
    searchAny(filters.search, [promoCodes.code]),
    filters.promotion === undefined ? undefined : eq(promoCodes.promotionId, filters.promotion),
    filters.state === undefined ? undefined : stateCondition(filters.state, now),
  );

/** A random code from the alphabet without look-alikes (no 0, O, 1, I). */
export const randomCode = (prefix: string, length: number) =>
  prefix + Array.from({ length }, () => PROMO_CODE_ALPHABET[randomInt(PROMO_CODE_ALPHABET.length)]).join('');

/** Rows of one INSERT. */
const BATCH = 1000;

export interface PromoCodesService {
  /** The promotion's title in `language`. */
  list(query: TListQuery, language?: TLanguage): Promise<TPaged<TPromoCode>>;
  generate(body: TGenerate, actor: TActor): Promise<{ count: number; codes: string[] }>;
  deactivate(ids: number[], actor: TActor, language?: TLanguage): Promise<TPromoCode[]>;
  redeem(body: TRedeem, actor: TActor): Promise<TPromoCodeRedemption>;
}

export const createPromoCodesService = (db: Database, clock: () => Date = () => new Date()): PromoCodesService => {
  const load = async (ids: number[], language: TLanguage): Promise<TPromoCode[]> => {
    if (ids.length === 0) {
      return [];
    }
    const now = clock();
    const rows = await db
      .select({ code: promoCodes, title: PROMOTION_TITLES[language] })
      .from(promoCodes)
      .innerJoin(promotions, eq(promotions.id, promoCodes.promotionId))
      .where(inArray(promoCodes.id, ids));
    return rows.map(({ code, title }) => ({
      id: code.id,
      code: code.code,
      promotion: code.promotionId,
      promotion_title: title,
      total_limit: code.totalLimit,
      per_user_limit: code.perUserLimit,
      uses: code.uses,
      valid_from: code.validFrom.toISOString(),
      valid_until: code.validUntil.toISOString(),
      state: stateOf(code, now),
      created_at: code.createdAt.toISOString(),
    }));
  };

  return {
    async list(query, language = 'ru') {
      const where = promoCodeConditions(query, clock());
      const source = { table: promoCodes, id: promoCodes.id, where, order: descending(promoCodes.id), remember: false };
      return queryList(db, source, query, (ids) => load(ids, language));
    },

    async generate(body, actor) {
      const [promotion] = await db
        .select({ id: promotions.id })
        .from(promotions)
        .where(eq(promotions.id, body.promotion));
      if (!promotion) {
        throw new FieldErrors({ promotion: ['not_found'] });
      }
      // The alphabet has 32 letters: a length of 6 alone gives a billion codes, so a few rounds always suffice.
      return db.transaction(async (tx) => {
        const made: string[] = [];
        for (let round = 0; made.length < body.count && round < 20; round += 1) {
          const wanted = new Set<string>();
          while (wanted.size < body.count - made.length) {
            wanted.add(randomCode(body.prefix, body.length));
          }
          for (let start = 0; start < wanted.size; start += BATCH) {
            const rows = await tx
              .insert(promoCodes)
              .values(
                [...wanted].slice(start, start + BATCH).map((code) => ({
                  promotionId: body.promotion,
                  code,
                  totalLimit: body.total_limit,
                  perUserLimit: body.per_user_limit,
                  validFrom: new Date(body.valid_from),
                  validUntil: new Date(body.valid_until),
                })),
              )
              .onConflictDoNothing()
              .returning({ code: promoCodes.code });
            made.push(...rows.map((row) => row.code));
          }
        }
        if (made.length < body.count) {
          throw new FieldErrors({ length: ['invalid'] });
        }
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'promo_code',
          entityId: body.promotion,
          after: { ...body, codes: made.length },
        });
        return { count: made.length, codes: made.slice(0, 100) };
      });
    },

    async deactivate(ids, actor, language = 'ru') {
      const unique = [...new Set(ids)];
      const rows = await db.transaction(async (tx) => {
        const updated = await tx
          .update(promoCodes)
          .set({ deactivatedAt: sql`coalesce(${promoCodes.deactivatedAt}, ${clock()})` })
          .where(inArray(promoCodes.id, unique))
          .returning({ id: promoCodes.id });
        if (updated.length !== unique.length) {
          const found = new Set(updated.map((row) => row.id));
          throw new ApiError(404, `records_not_found:${unique.filter((id) => !found.has(id)).join(', ')}`);
        }
        await recordAudit(
          tx,
          updated.map((row) => ({
            actor,
            action: 'update' as const,
            entity: 'promo_code',
            entityId: row.id,
            after: { deactivated: true },
          })),
        );
        return updated;
      });
      return (
        await load(
          rows.map((row) => row.id),
          language,
        )
      ).sort((a, b) => a.id - b.id);
    },

    async redeem(body, actor) {
      const now = clock();
      return db.transaction(async (tx) => {
        // The code's row is locked: concurrent redemptions of one code queue here, so the limits hold.
        const [code] = await tx.select().from(promoCodes).where(eq(promoCodes.code, body.code)).for('update');
        if (!code) {
          throw new FieldErrors({ code: ['promo_code_not_found'] });
        }
        const [user] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, body.user));
        if (!user) {
          throw new FieldErrors({ user: ['not_found'] });
        }
        if (body.charge !== undefined) {
          // A redemption names the driver's charge in progress, never another's or an ended one.
          const [charge] = await tx
            .select({ userId: charges.userId, status: charges.status })
            .from(charges)
            .where(eq(charges.id, body.charge));
          if (!charge || charge.userId !== body.user || !isRunning(charge.status)) {
            throw new FieldErrors({ charge: ['promo_code_charge_invalid'] });
          }
        }
        if (code.deactivatedAt !== null) {
          throw new FieldErrors({ code: ['promo_code_deactivated'] });
        }
        if (code.validUntil <= now) {
          throw new FieldErrors({ code: ['promo_code_expired'] });
        }
        if (code.validFrom > now) {
          throw new FieldErrors({ code: ['promo_code_not_yet_valid'] });
        }
        if (code.uses >= code.totalLimit) {
          throw new FieldErrors({ code: ['promo_code_exhausted'] });
        }
        const [byUser] = await tx
          .select({ uses: count() })
          .from(promoCodeRedemptions)
          .where(and(eq(promoCodeRedemptions.codeId, code.id), eq(promoCodeRedemptions.userId, body.user)));
        if ((byUser?.uses ?? 0) >= code.perUserLimit) {
          throw new FieldErrors({ code: ['promo_code_user_limit'] });
        }
        const [redemption] = await tx
          .insert(promoCodeRedemptions)
          .values({ codeId: code.id, userId: body.user, chargeId: body.charge ?? null, createdAt: now })
          .returning();
        await tx
          .update(promoCodes)
          .set({ uses: sql`${promoCodes.uses} + 1` })
          .where(eq(promoCodes.id, code.id));
        if (!redemption) {
          throw new Error('redemption insert returned nothing');
        }
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'promo_code_redemption',
          entityId: redemption.id,
          after: { code: code.code, user: body.user, charge: body.charge ?? null },
        });
        return {
          id: redemption.id,
          code: code.code,
          promotion: code.promotionId,
          user: redemption.userId,
          charge: redemption.chargeId,
          created_at: redemption.createdAt.toISOString(),
        };
      });
    },
  };
};
