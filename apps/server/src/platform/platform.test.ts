import { STATUS, translateMessage } from '@zaryad/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../modules/accounts/accounts.tables';
import { auditLog } from '../modules/audit/audit.tables';
import { banners } from '../modules/banners/banners.tables';
import { merchants } from '../modules/merchants/merchants.tables';
import { promotions } from '../modules/promotions';
import { rentalPartners } from '../modules/partners/partners.tables';
import { rates } from '../modules/rates/rates.tables';
import { stations } from '../modules/stations/stations.tables';
import { surroundings } from '../modules/surroundings/surroundings.tables';
import { tags } from '../modules/tags/tags.tables';
import { appUsers } from '../modules/users';
import { buildBanner } from '../test/banner-builders';
import { buildAccount, signIn } from '../test/builders';
import { buildPartner, buildRate } from '../test/catalogue-builders';
import { buildMerchant } from '../test/network-builders';
import { buildPromotion } from '../test/promotion-builders';
import { buildStation } from '../test/station-builders';
import { createTestContext, type TestContext } from '../test/test-app';
import { buildSurrounding, buildTag } from '../test/titled-builders';
import { buildUser } from '../test/user-builders';
import { recordsNotFound } from './bulk-status';
import { isUniqueViolation, uniqueFieldError } from './unique-violation';

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.database.db;

const inject = (method: 'PATCH' | 'DELETE', url: string, language: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { ...headers, 'accept-language': language }, ...(payload && { payload }) });

const firstStatus = async (rows: PromiseLike<{ status: number }[]>) => (await rows)[0]?.status;

const statusAudits = async (entity: string, id: number) => {
  const [row] = await db()
    .select({ total: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'status')));
  return row?.total ?? 0;
};

interface StatusDomain {
  url: string;
  entity: string;
  /** Rates take a list of {id, active} (docs/api.md); every other domain {ids, active}. */
  isListBody?: boolean;
  /** A fresh record, active unless the domain's records start inactive (rates). */
  build(): Promise<{ id: number; status: number }>;
  readStatus(id: number): Promise<number | undefined>;
}

const STATUS_DOMAINS: Record<string, StatusDomain> = {
  tags: {
    url: '/api/v1/common/tags/statuses/',
    entity: 'tag',
    build: () => buildTag(db()),
    readStatus: (id) => firstStatus(db().select({ status: tags.status }).from(tags).where(eq(tags.id, id))),
  },
  infrastructure: {
    url: '/api/v1/common/surroundings/statuses/',
    entity: 'surrounding',
    build: () => buildSurrounding(db()),
    readStatus: (id) =>
      firstStatus(db().select({ status: surroundings.status }).from(surroundings).where(eq(surroundings.id, id))),
  },
  rates: {
    url: '/api/v1/payments/',
    entity: 'rate',
    isListBody: true,
    build: () => buildRate(db()),
    readStatus: (id) => firstStatus(db().select({ status: rates.status }).from(rates).where(eq(rates.id, id))),
  },
  partners: {
    url: '/api/v1/software-rental-partners/statuses/',
    entity: 'rental_partner',
    build: () => buildPartner(db()),
    readStatus: (id) =>
      firstStatus(db().select({ status: rentalPartners.status }).from(rentalPartners).where(eq(rentalPartners.id, id))),
  },
  accounts: {
    url: '/api/v1/accounts/statuses/',
    entity: 'account',
    build: async () => ({ id: (await buildAccount(db())).id, status: STATUS.active }),
    readStatus: (id) => firstStatus(db().select({ status: accounts.status }).from(accounts).where(eq(accounts.id, id))),
  },
  merchants: {
    url: '/api/v1/merchants/statuses/',
    entity: 'merchant',
    build: () => buildMerchant(db()),
    readStatus: (id) =>
      firstStatus(db().select({ status: merchants.status }).from(merchants).where(eq(merchants.id, id))),
  },
  stations: {
    url: '/api/v1/stations/statuses/',
    entity: 'station',
    build: async () => buildStation(db(), { merchantId: (await buildMerchant(db())).id }),
    readStatus: (id) => firstStatus(db().select({ status: stations.status }).from(stations).where(eq(stations.id, id))),
  },
  banners: {
    url: '/api/v1/ads/banners/statuses/',
    entity: 'banner',
    build: async () => {
      const row = await buildBanner(db());
      return { id: row.id, status: row.status };
    },
    readStatus: (id) => firstStatus(db().select({ status: banners.status }).from(banners).where(eq(banners.id, id))),
  },
  promotions: {
    url: '/api/v1/ads/promotions/statuses/',
    entity: 'promotion',
    build: async () => {
      const row = await buildPromotion(db());
      return { id: row.id, status: row.status };
    },
    readStatus: (id) =>
      firstStatus(db().select({ status: promotions.status }).from(promotions).where(eq(promotions.id, id))),
  },
  // App users are blocked (1) rather than deactivated; they are never deleted, so they sit in this table only.
  users: {
    url: '/api/v1/users/statuses/',
    entity: 'app_user',
    build: async () => ({ id: (await buildUser(db())).id, status: STATUS.active }),
    readStatus: (id) => firstStatus(db().select({ status: appUsers.status }).from(appUsers).where(eq(appUsers.id, id))),
  },
};

const statusBody = (domain: StatusDomain, ids: number[], active: boolean) =>
  domain.isListBody ? ids.map((id) => ({ id, active })) : { ids, active };

const UNKNOWN_IDS = [2_000_000_001, 2_000_000_002];

describe('bulk status with unknown ids', () => {
  it.each(Object.entries(STATUS_DOMAINS))(
    '%s: the same 404 naming the missing ids, and nothing changed',
    async (_name, domain) => {
      const record = await domain.build();
      const active = record.status !== STATUS.active;
      for (const language of ['ru', 'en', 'ky'] as const) {
        const response = await inject(
          'PATCH',
          domain.url,
          language,
          statusBody(domain, [record.id, ...UNKNOWN_IDS], active),
        );
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          detail: translateMessage(`records_not_found:${UNKNOWN_IDS.join(', ')}`, language),
        });
      }
      expect(await domain.readStatus(record.id)).toBe(record.status);
      expect(await statusAudits(domain.entity, record.id)).toBe(0);
    },
  );

  it('names the missing ids in English, Russian and Kyrgyz', async () => {
    const response = await inject('PATCH', STATUS_DOMAINS.tags?.url ?? '', 'en', { ids: UNKNOWN_IDS, active: true });
    expect(response.json()).toEqual({ detail: 'No records with these ids: 2000000001, 2000000002' });
    expect(translateMessage('records_not_found:7', 'ru')).toBe('Нет записей с такими id: 7');
    expect(translateMessage('records_not_found:7', 'ky')).toBe('Мындай id менен жазуулар жок: 7');
  });

  it('names at most ten of them', () => {
    const missing = Array.from({ length: 12 }, (_, index) => index + 1);
    expect(recordsNotFound(missing)).toMatchObject({
      statusCode: 404,
      messageKey: 'records_not_found:1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …',
    });
  });
});

describe('bulk status', () => {
  it.each(Object.entries(STATUS_DOMAINS))(
    '%s: switches every record and logs one audit entry for each',
    async (_name, domain) => {
      const first = await domain.build();
      const second = await domain.build();
      const active = first.status !== STATUS.active;
      const status = active ? STATUS.active : STATUS.inactive;
      const response = await inject(
        'PATCH',
        domain.url,
        'ru',
        statusBody(domain, [second.id, first.id, second.id], active),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().map((record: { id: number; status: number }) => [record.id, record.status])).toEqual([
        [first.id, status],
        [second.id, status],
      ]);
      expect([await domain.readStatus(first.id), await domain.readStatus(second.id)]).toEqual([status, status]);
      expect([await statusAudits(domain.entity, first.id), await statusAudits(domain.entity, second.id)]).toEqual([
        1, 1,
      ]);
    },
  );
});

interface DeleteDomain {
  url: string;
  /** An active record, which the delete must refuse. */
  buildActive(): Promise<{ id: number }>;
  exists(id: number): Promise<boolean>;
  refusal: 'active_delete_forbidden' | 'active_station_delete';
}

const exists = async (rows: PromiseLike<unknown[]>) => (await rows).length > 0;

const DELETE_DOMAINS: Record<string, DeleteDomain> = {
  tags: {
    url: '/api/v1/common/tags/',
    buildActive: () => buildTag(db()),
    exists: (id) => exists(db().select({ id: tags.id }).from(tags).where(eq(tags.id, id))),
    refusal: 'active_delete_forbidden',
  },
  infrastructure: {
    url: '/api/v1/common/surroundings/',
    buildActive: () => buildSurrounding(db()),
    exists: (id) => exists(db().select({ id: surroundings.id }).from(surroundings).where(eq(surroundings.id, id))),
    refusal: 'active_delete_forbidden',
  },
  rates: {
    url: '/api/v1/payments/',
    buildActive: () => buildRate(db(), { isActive: true }),
    exists: (id) => exists(db().select({ id: rates.id }).from(rates).where(eq(rates.id, id))),
    refusal: 'active_delete_forbidden',
  },
  banners: {
    url: '/api/v1/ads/banners/',
    buildActive: () => buildBanner(db()),
    exists: (id) => exists(db().select({ id: banners.id }).from(banners).where(eq(banners.id, id))),
    refusal: 'active_delete_forbidden',
  },
  promotions: {
    url: '/api/v1/ads/promotions/',
    buildActive: () => buildPromotion(db()),
    exists: (id) => exists(db().select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id))),
    refusal: 'active_delete_forbidden',
  },
  stations: {
    url: '/api/v1/stations/',
    buildActive: async () => buildStation(db(), { merchantId: (await buildMerchant(db())).id }),
    exists: (id) => exists(db().select({ id: stations.id }).from(stations).where(eq(stations.id, id))),
    refusal: 'active_station_delete',
  },
};

describe('delete only when inactive', () => {
  it.each(Object.entries(DELETE_DOMAINS))(
    '%s: an active record answers 400 with a JSON array of messages and stays',
    async (_name, domain) => {
      const record = await domain.buildActive();
      for (const language of ['ru', 'en', 'ky'] as const) {
        const response = await inject('DELETE', `${domain.url}${record.id}/`, language);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual([translateMessage(domain.refusal, language)]);
      }
      expect(await domain.exists(record.id)).toBe(true);
      const unknown = await inject('DELETE', `${domain.url}${UNKNOWN_IDS[0]}/`, 'en');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Not found.' });
    },
  );

  it('answers the refusal in the words of the product', () => {
    expect(translateMessage('active_delete_forbidden', 'en')).toBe(
      'An active record cannot be deleted. Deactivate it first.',
    );
  });
});

describe('unique violations', () => {
  const duplicateTagError = async () => {
    const tag = await buildTag(db());
    return buildTag(db(), { titleRu: tag.titleRu.toUpperCase() }).then(
      () => undefined,
      (error: unknown) => error,
    );
  };

  it('are recognised on the database driver in use, by their index name too', async () => {
    const error = await duplicateTagError();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'tags_title_ru_lower_idx')).toBe(true);
    expect(isUniqueViolation(error, 'accounts_email_unique')).toBe(false);
  });

  it('are recognised whether the driver error is raised itself or wrapped as a cause', () => {
    const pgError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'accounts_email_unique' });
    expect(isUniqueViolation(pgError, 'accounts_email_unique')).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: pgError }), 'accounts_email_unique')).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('map onto the translated field error of their rule', async () => {
    const error = await duplicateTagError();
    const mapped = uniqueFieldError(error, [
      { constraint: 'accounts_email_unique', field: 'email', message: 'email_taken' },
      { constraint: 'tags_title_ru_lower_idx', field: 'title_ru', message: 'title_taken' },
    ]);
    expect(mapped?.fields).toEqual({ title_ru: ['title_taken'] });
    expect(uniqueFieldError(new Error('other'), [{ field: 'email', message: 'email_taken' }])).toBeUndefined();
  });

  it('answer 400 on the field over HTTP, in the caller language', async () => {
    const tag = await buildTag(db());
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/common/tags/',
      headers: { ...headers, 'accept-language': 'en' },
      payload: { title_ru: tag.titleRu.toUpperCase(), title_en: 'x', title_ky: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title_ru: ['A record with this Russian title already exists'] });
    expect(
      await db()
        .select({ id: tags.id })
        .from(tags)
        .where(inArray(tags.titleRu, [tag.titleRu.toUpperCase()])),
    ).toEqual([]);
  });
});
