import type { TMerchant } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { addressCity } from './merchant-rows';

// A merchant's location line reads in one language (issue 33, item 5): its district and street are free text, so the
// city is named in their language, never "Bishkek, Октябрьский район".
describe('addressCity', () => {
  const names = { request: 'Bishkek', ru: 'Бишкек' };

  it('names the city in Russian beside Cyrillic text in an English answer', () => {
    expect(addressCity(names, 'Октябрьский район ул. Ахунбаева', 'en')).toBe('Бишкек');
  });

  it("keeps the request's language beside Latin text or none", () => {
    expect(addressCity(names, 'Oktyabrsky district 119 Akhunbaev St', 'en')).toBe('Bishkek');
    expect(addressCity(names, ' ', 'en')).toBe('Bishkek');
  });

  it('names it in Russian or Kyrgyz in their own answers', () => {
    expect(addressCity({ request: 'Бишкек', ru: 'Бишкек' }, 'Октябрь району', 'ky')).toBe('Бишкек');
    expect(addressCity({ request: null, ru: null }, 'ул. Ахунбаева', 'en')).toBeNull();
  });
});

describe('GET /merchants/{id}/', () => {
  let context: TestContext;
  let headers: { authorization: string };
  let id: number;

  beforeAll(async () => {
    context = await createTestContext();
    const db = context.database.db;
    headers = (await signIn(context.app, await buildAccount(db, { roleKey: 'superadmin' }))).headers;
    id = (await buildMerchant(db, { district: 'Октябрьский район', street: 'ул. Ахунбаева, 119а' })).id;
  });

  afterAll(async () => {
    await context.close();
  });

  it.each(['en', 'ru', 'ky'])('answers address_city in the language of the street (%s)', async (language) => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${id}/`,
      headers: { ...headers, 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    const merchant = response.json<TMerchant>();
    expect(merchant.city).not.toBeNull();
    expect(merchant.address_city).toMatch(/^[\u0400-\u04ff][\u0400-\u04ff -]*$/);
    if (language === 'en') {
      expect(merchant.city?.name).toMatch(/^[A-Za-z]/);
    } else {
      expect(merchant.address_city).toBe(merchant.city?.name);
    }
  });
});
