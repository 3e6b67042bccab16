import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildPartner } from '../../test/catalogue-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { rentalPartners } from './partners.tables';

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(rentalPartners);
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, language = 'ru') =>
  ctx.app.inject({
    method,
    url: `/api/v1/software-rental-partners${url}`,
    headers: { ...headers, 'accept-language': language },
    ...(payload && { payload }),
  });

const allPartners = () => ctx.database.db.select().from(rentalPartners).orderBy(rentalPartners.id);

const newPartner = (overrides: Record<string, unknown> = {}) => ({
  name: 'ChargeKG',
  legal_entity: 'ОсОО «Чардж КГ»',
  contact_person: 'Айбек Садыков',
  phone: '+996 (700) 12-34-56',
  email: 'Office@ChargeKG.kg',
  agreement_number: 'SRP-2026/07',
  percentage: 12.5,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  ...overrides,
});

describe('create and read', () => {
  it('creates an active partner (201) with normalised phone, email and percentage', async () => {
    const response = await api('POST', '/', newPartner());
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'ChargeKG',
      legal_entity: 'ОсОО «Чардж КГ»',
      contact_person: 'Айбек Садыков',
      phone: '996700123456',
      email: 'office@chargekg.kg',
      agreement_number: 'SRP-2026/07',
      percentage: '12.50',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      status: 0,
      created_at: expect.any(String),
    });
    expect((await api('GET', `/${created.id}/`)).json()).toEqual(created);
  });

  it('accepts an open-ended contract and percentages like 0.07 and 100', async () => {
    const open = await api('POST', '/', newPartner({ end_date: null, percentage: '0.07' }));
    expect(open.statusCode).toBe(201);
    expect(open.json()).toMatchObject({ end_date: null, percentage: '0.07' });
    expect((await api('POST', '/', newPartner({ percentage: 100 }))).json()).toMatchObject({ percentage: '100.00' });
  });

  it('refuses bad input with translated messages and stores nothing', async () => {
    const ru = await api('POST', '/', newPartner({ phone: '12345', percentage: 100.5, end_date: '2025-12-31' }));
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toMatchObject({
      phone: ['Номер телефона должен содержать 12 цифр'],
      percentage: ['Введите процент от 0 до 100'],
    });
    const en = await api('POST', '/', newPartner({ end_date: '2025-12-31' }), 'en');
    expect(en.json()).toEqual({ end_date: ['The end date cannot be earlier than the start date'] });
    const ky = await api('POST', '/', newPartner({ percentage: '12.345' }), 'ky');
    expect(ky.json()).toEqual({ percentage: ['0дөн 100гө чейинки пайызды киргизиңиз'] });
    const blank = await api('POST', '/', newPartner({ name: ' ', email: 'nope', start_date: '2026-13-01' }), 'en');
    expect(Object.keys(blank.json()).sort()).toEqual(['email', 'name', 'start_date']);
    expect(await allPartners()).toEqual([]);
  });

  it('answers 404 for ids that do not exist', async () => {
    expect((await api('GET', '/424242/')).statusCode).toBe(404);
    const patch = await api('PATCH', '/424242/', { name: 'X' }, 'en');
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('list', () => {
  it('pages, searches over name, legal entity and agreement number, filters by status', async () => {
    const db = ctx.database.db;
    const a = await buildPartner(db, { name: 'Alpha Energy', legalEntity: 'ОсОО Альфа', agreementNumber: 'A-1' });
    const b = await buildPartner(db, { name: 'Beta', legalEntity: 'ОсОО Бета Энерджи', agreementNumber: 'B-77', isActive: false });
    const c = await buildPartner(db, { name: 'Gamma', legalEntity: 'ОсОО Гамма', agreementNumber: 'ENERGY-3' });
    const ids = async (query: string) => (await api('GET', `/?${query}`)).json().items.map((p: { id: number }) => p.id).sort();
    expect((await api('GET', '/')).json()).toMatchObject({ total: 3, page: 1, pages: 1, size: 10 });
    expect(await ids('search=energy')).toEqual([a.id, c.id].sort());
    expect(await ids('search=Бета')).toEqual([b.id]);
    expect(await ids('search=B-77')).toEqual([b.id]);
    expect(await ids('active=true')).toEqual([a.id, c.id].sort());
    expect(await ids('active=false')).toEqual([b.id]);
    expect((await api('GET', '/?size=1&page=2')).json()).toMatchObject({ pages: 3, total: 3, items: [{ id: b.id }] });
  });
});

describe('edit', () => {
  it('changes only the fields sent', async () => {
    const partner = await buildPartner(ctx.database.db, { name: 'Old' });
    const response = await api('PATCH', `/${partner.id}/`, { name: 'New', percentage: '7.25' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'New', percentage: '7.25', agreement_number: partner.agreementNumber });
  });

  it('checks a single date against the stored other one and changes nothing when it is wrong', async () => {
    const partner = await buildPartner(ctx.database.db, { startDate: '2026-03-01', endDate: '2026-12-31' });
    const before = await allPartners();
    const end = await api('PATCH', `/${partner.id}/`, { end_date: '2026-02-01', name: 'Changed' });
    expect(end.statusCode).toBe(400);
    expect(end.json()).toEqual({ end_date: ['Дата окончания не может быть раньше даты начала'] });
    const start = await api('PATCH', `/${partner.id}/`, { start_date: '2027-01-01' }, 'en');
    expect(start.json()).toEqual({ end_date: ['The end date cannot be earlier than the start date'] });
    expect(await allPartners()).toEqual(before);
    expect((await api('PATCH', `/${partner.id}/`, { end_date: null, start_date: '2027-01-01' })).statusCode).toBe(200);
  });
});

describe('statuses', () => {
  it('switches statuses and answers the updated partners', async () => {
    const a = await buildPartner(ctx.database.db);
    const b = await buildPartner(ctx.database.db);
    const response = await api('PATCH', '/statuses/', { ids: [b.id, a.id], active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { id: number; status: number }) => [p.id, p.status])).toEqual([
      [a.id, 1],
      [b.id, 1],
    ]);
  });

  it('an unknown id changes nothing (404)', async () => {
    const a = await buildPartner(ctx.database.db);
    const response = await api('PATCH', '/statuses/', { ids: [a.id, 999999], active: false }, 'en');
    expect(response.statusCode).toBe(404);
    expect((await allPartners())[0]?.status).toBe(0);
  });
});
