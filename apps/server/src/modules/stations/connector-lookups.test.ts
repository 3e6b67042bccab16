import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildRate } from '../../test/catalogue-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { connectorTypeExists, connectorTypes, seedConnectorTypes } from '../connectors';

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const lookup = (query: string, language = 'ru') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/stations/connectors-types-positions/${query}`,
    headers: { ...headers, 'accept-language': language },
  });

describe('connector types', () => {
  it('lists the network types in order with the active default fee of each', async () => {
    await buildRate(ctx.database.db, { rateType: 'default', typo: 'gbt_dc', fee: '24.00', isActive: true });
    await buildRate(ctx.database.db, { rateType: 'default', typo: 'type2', fee: '13.00' });
    await buildRate(ctx.database.db, { rateType: 'personal', typo: 'type2', fee: '9.00', isActive: true });
    const response = await lookup('?info=types');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { key: 'type1', name: 'Type 1 (J1772)', current: 'AC', fee_default: null },
      { key: 'type2', name: 'Type 2 (Mennekes)', current: 'AC', fee_default: null },
      { key: 'ccs1', name: 'CCS1', current: 'DC', fee_default: null },
      { key: 'ccs2', name: 'CCS2', current: 'DC', fee_default: null },
      { key: 'chademo', name: 'CHAdeMO', current: 'DC', fee_default: null },
      { key: 'gbt_ac', name: 'GB/T AC', current: 'AC', fee_default: null },
      { key: 'gbt_dc', name: 'GB/T DC', current: 'DC', fee_default: '24.00' },
      { key: 'tesla', name: 'Tesla (NACS)', current: 'DC', fee_default: null },
      { key: 'schuko', name: 'Schuko', current: 'AC', fee_default: null },
    ]);
  });

  it('seeding again is harmless and the key check works', async () => {
    await seedConnectorTypes(ctx.database.db);
    expect(await ctx.database.db.select().from(connectorTypes)).toHaveLength(9);
    expect(await connectorTypeExists(ctx.database.db, 'gbt_ac')).toBe(true);
    expect(await connectorTypeExists(ctx.database.db, 'GBT_AC')).toBe(false);
  });
});

describe('connector positions', () => {
  it('lists positions 1..8 with labels in the request language', async () => {
    const ru = (await lookup('?info=positions')).json();
    expect(ru).toHaveLength(8);
    expect(ru[0]).toEqual({ key: 1, label: 'Слева' });
    expect((await lookup('?info=positions', 'en')).json()[2]).toEqual({ key: 3, label: 'Centre' });
    expect((await lookup('?info=positions', 'ky')).json()[1]).toEqual({ key: 2, label: 'Оң жакта' });
  });

  it('refuses a missing or unknown info with a translated field error', async () => {
    const bad = await lookup('?info=colours', 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ info: ['Select a valid choice.'] });
    const missing = await lookup('');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['info']);
  });

  it('needs a token', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/stations/connectors-types-positions/?info=types',
    });
    expect(response.statusCode).toBe(401);
  });
});
