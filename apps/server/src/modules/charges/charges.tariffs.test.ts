// Tariffs II through the engine and the API (docs/product/rates.md): components, versions, site tariffs, the preview.
import type { TCharge, TPaged, TPricePreview, TRate } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildRate } from '../../test/catalogue-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { stationConnectors } from '../stations';
import { finishCharge, recordMeterValue, startCharge } from './charges.engine';

let context: TestContext;
let headers: { authorization: string };
let stationId: number;
let merchantId: number;
let networkCcs2: number;

const MINUTE = 60_000;
const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  const admin = await buildAccount(db(), { roleKey: 'superadmin' });
  headers = (await signIn(context.app, admin)).headers;
  merchantId = (await buildMerchant(db())).id;
  // Connector 1: CCS2 at 60 kW on the network's default; connector 2: Type 2 at 22 kW with a custom fee.
  stationId = (
    await buildStation(db(), {
      merchantId,
      connectors: [
        { evse_id: 1, typo: 'ccs2', power_kWh: 60 },
        { evse_id: 1, typo: 'type2', power_kWh: 22, custom_fee: '15.00' },
      ],
    })
  ).id;
  // 20.00 a kWh, 10.00 at night (23:00-07:00 Bishkek); 1.00 a minute charging; 5.00 a minute idle after 10 minutes.
  networkCcs2 = (
    await buildRate(db(), {
      rateType: 'default',
      typo: 'ccs2',
      fee: '20.00',
      isActive: true,
      version: {
        timeFee: 100n,
        idleFee: 500n,
        idleGraceMinutes: 10,
        periods: [
          {
            component: 'energy',
            price: 1000,
            start_time: '23:00',
            end_time: '07:00',
            weekdays: [],
            start_date: null,
            end_date: null,
            min_power_kw: null,
            max_power_kw: null,
          },
        ],
      },
    })
  ).id;
});
afterAll(async () => {
  await context.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, language = 'ru') =>
  context.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, 'accept-language': language },
    ...(payload !== undefined && { payload: payload as object }),
  });

const driver = async (som = '5000.00') => {
  const user = await buildUser(db());
  await buildEntry(db(), user.id, { credit: som });
  return user.id;
};

const connectorId = async (ocppId: number) => {
  const rows = await db().select().from(stationConnectors).where(eq(stationConnectors.stationId, stationId));
  return rows.find((row) => row.ocpp16Id === ocppId)?.id as number;
};

const start = (
  userId: number,
  startedAt: Date,
  connectorOcppId = 1,
  promotion?: { id: number; percent: number; fixedTyiyn: bigint },
) =>
  startCharge(db(), {
    userId,
    stationId,
    connectorOcppId,
    source: 'app',
    paymentMethod: 'personal_balance',
    startedAt,
    meterStartWh: 1000,
    promotion: promotion ?? null,
  });

describe('the engine prices a charge from its meter and its tariff', () => {
  it('charging time, energy across the night price, and idle time after the grace, booked to the tyiyn', async () => {
    const userId = await driver();
    // 22:30-23:30 Bishkek charging (10 kWh: 5 by day, 5 by night), then parked until 23:50: 10 minutes of grace, 10 idle.
    const startedAt = new Date('2026-11-02T16:30:00Z');
    const charge = await start(userId, startedAt);
    expect(charge).toMatchObject({
      tariffKind: 'default',
      rateId: networkCcs2,
      pricePerKwh: 2000n,
      connectorPowerW: 60_000,
    });
    await recordMeterValue(db(), charge.id, 6000, new Date(startedAt.getTime() + 30 * MINUTE));
    await recordMeterValue(db(), charge.id, 11_000, new Date(startedAt.getTime() + 60 * MINUTE));
    // A reading that does not move the meter changes nothing of the curve.
    await recordMeterValue(db(), charge.id, 11_000, new Date(startedAt.getTime() + 70 * MINUTE));
    const result = await finishCharge(db(), {
      chargeId: charge.id,
      status: 'finished',
      meterStopWh: 11_000,
      finishedAt: new Date(startedAt.getTime() + 80 * MINUTE),
    });
    // Energy 5 × 20 + 5 × 10 = 150; charging 60 min × 1 = 60; idle 10 min × 5 = 50.
    expect(result?.charge).toMatchObject({ energyWh: 10_000, amount: 26_000n, totalCost: 26_000n });
    expect(result?.charge.costBreakdown).toMatchObject({
      energy: '150.00',
      time: '60.00',
      idle: '50.00',
      amount: '260.00',
      charging_ended_at: '2026-11-02T17:30:00.000Z',
    });
    expect(await balanceOf(db(), userId)).toBe(500_000n - 26_000n);
    // The list answers the breakdown with the charge.
    const listed = (await api('GET', `/users/transactions/?search_by_id=${charge.id}`)).json<TPaged<TCharge>>();
    expect(listed.items[0]?.cost_breakdown).toMatchObject({ energy: '150.00', time: '60.00', idle: '50.00' });
    expect(listed.items[0]?.tariff).toEqual({ kind: 'default', price_per_kwh: '20.00', rate_id: networkCcs2 });
  });

  it('a promotion discounts the whole amount, as before', async () => {
    const userId = await driver();
    const startedAt = new Date('2026-11-03T04:00:00Z');
    const charge = await start(userId, startedAt, 1, { id: 999, percent: 10, fixedTyiyn: 0n });
    const result = await finishCharge(db(), {
      chargeId: charge.id,
      status: 'finished',
      meterStopWh: 6000,
      finishedAt: new Date(startedAt.getTime() + 30 * MINUTE),
    });
    // 5 kWh × 20 + 30 min × 1 = 130.00, less 10 %.
    expect(result?.charge).toMatchObject({ amount: 13_000n, discount: 1300n, totalCost: 11_700n });
  });

  it('a new version taking effect while a charge runs prices the rest of it', async () => {
    const rate = await buildRate(db(), { rateType: 'default', typo: 'chademo', fee: '10.00', isActive: true });
    const [connector] = await db()
      .update(stationConnectors)
      .set({ typo: 'chademo' })
      .where(eq(stationConnectors.id, await connectorId(1)))
      .returning();
    try {
      const userId = await driver();
      const startedAt = new Date(Date.now() + MINUTE);
      const charge = await start(userId, startedAt);
      const changed = await api('POST', `/payments/${rate.id}/versions/`, {
        effective_from: new Date(startedAt.getTime() + 30 * MINUTE).toISOString(),
        fee: '30.00',
      });
      expect(changed.statusCode).toBe(201);
      // The running charge still started at 10.00.
      expect(charge.pricePerKwh).toBe(1000n);
      const result = await finishCharge(db(), {
        chargeId: charge.id,
        status: 'finished',
        meterStopWh: 11_000,
        finishedAt: new Date(startedAt.getTime() + 60 * MINUTE),
      });
      // 5 kWh before the change at 10.00, 5 after it at 30.00.
      expect(result?.charge.amount).toBe(20_000n);
      expect(
        (result?.charge.costBreakdown as { segments: { version_id: number }[] }).segments.map(
          (part) => part.version_id,
        ),
      ).toEqual([(await api('GET', `/payments/${rate.id}/versions/`)).json()[1].id, changed.json().id]);
    } finally {
      await db()
        .update(stationConnectors)
        .set({ typo: 'ccs2' })
        .where(eq(stationConnectors.id, connector?.id ?? 0));
      await api('PATCH', '/payments/', [{ id: rate.id, active: false }]);
    }
  });

  it("a merchant's own default rate overrides the network's for its stations", async () => {
    const site = await buildRate(db(), { rateType: 'default', typo: 'ccs2', fee: '18.00', isActive: true, merchantId });
    try {
      const charge = await start(await driver(), new Date('2026-11-04T06:00:00Z'));
      expect(charge).toMatchObject({ tariffKind: 'merchant', rateId: site.id, pricePerKwh: 1800n });
      const result = await finishCharge(db(), {
        chargeId: charge.id,
        status: 'finished',
        meterStopWh: 2000,
        finishedAt: new Date('2026-11-04T06:10:00Z'),
      });
      expect(result?.charge.amount).toBe(1800n);
    } finally {
      await api('PATCH', '/payments/', [{ id: site.id, active: false }]);
    }
  });

  it('a charge that delivered nothing costs nothing, session fee or not', async () => {
    const charge = await start(await driver(), new Date('2026-11-04T07:00:00Z'));
    const result = await finishCharge(db(), {
      chargeId: charge.id,
      status: 'canceled',
      finishedAt: new Date('2026-11-04T07:20:00Z'),
    });
    expect(result?.charge).toMatchObject({ amount: 0n, totalCost: 0n, costBreakdown: null });
  });
});

describe("a connector's personal rate", () => {
  it('is chosen in the connectors call, prices the charges while active, and is refused for another type', async () => {
    const fleet = await buildRate(db(), {
      rateType: 'personal',
      typo: 'type2',
      fee: '11.00',
      isActive: true,
      version: { sessionFee: 1000n },
    });
    const other = await buildRate(db(), { rateType: 'personal', typo: 'ccs2', fee: '9.00', isActive: true });
    const id = await connectorId(2);
    const station = (await api('GET', `/stations/${stationId}/`)).json();
    const stored = station.evses.flatMap((module: { connectors: { id: number }[] }) => module.connectors);
    const body = (rateId: number | null) => ({
      connectors: stored.map((connector: Record<string, unknown>) => ({
        ...connector,
        rate_id: connector.id === id ? rateId : null,
      })),
      deleted_conns_ids: [],
    });
    const refused = await api('PATCH', `/stations/update/${stationId}/connectors/`, body(other.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ 'connectors.1.rate_id': ['Выберите персональный тариф этого типа коннектора'] });
    const chosen = await api('PATCH', `/stations/update/${stationId}/connectors/`, body(fleet.id));
    expect(chosen.statusCode).toBe(200);
    const connector = chosen
      .json()
      .evses.flatMap((module: { connectors: { id: number }[] }) => module.connectors)
      .find((row: { id: number }) => row.id === id);
    expect(connector).toMatchObject({ rate_id: fleet.id, rate_name: fleet.name, custom_fee: '15.00' });

    // Over the custom fee while active: 2 kWh at 11.00 and a session fee of 10.00.
    const preview = (await api('GET', `/stations/connectors/${id}/price/`)).json<TPricePreview>();
    expect(preview).toMatchObject({
      rate: { id: fleet.id, source: 'personal' },
      now: { fee: '11.00', session_fee: '10.00' },
    });
    const charge = await start(await driver(), new Date('2026-11-05T06:00:00Z'), 2);
    expect(charge).toMatchObject({ tariffKind: 'personal', rateId: fleet.id });
    const result = await finishCharge(db(), {
      chargeId: charge.id,
      status: 'finished',
      meterStopWh: 3000,
      finishedAt: new Date('2026-11-05T06:10:00Z'),
    });
    expect(result?.charge.amount).toBe(3200n);

    // Deactivated, it prices nothing: the custom fee again.
    await api('PATCH', '/payments/', [{ id: fleet.id, active: false }]);
    expect((await api('GET', `/stations/connectors/${id}/price/`)).json()).toMatchObject({
      rate: { source: 'custom_fee' },
    });
    await api('PATCH', `/stations/update/${stationId}/connectors/`, body(null));
  });
});

describe('the price preview', () => {
  it("answers the connector's prices now, the next 24 hours and an estimate a charge then costs", async () => {
    const response = await api('GET', `/stations/connectors/${await connectorId(1)}/price/?kwh=10&minutes=60`);
    expect(response.statusCode).toBe(200);
    const preview = response.json<TPricePreview>();
    expect(preview.rate).toEqual({ id: networkCcs2, name: expect.any(String), source: 'default' });
    expect(preview.connector).toMatchObject({ power_kw: 60 });
    // The day price and the night price each hold for part of the next 24 hours.
    expect(new Set(preview.timeline.map((stretch) => stretch.fee))).toEqual(new Set(['20.00', '10.00']));
    const last = preview.timeline[preview.timeline.length - 1];
    expect(new Date(last?.to ?? 0).getTime() - new Date(preview.timeline[0]?.from ?? 0).getTime()).toBe(24 * 3_600_000);

    // A charge of 10 kWh over the hour from now costs what the estimate said.
    const startedAt = new Date(preview.timeline[0]?.from ?? 0);
    const charge = await start(await driver(), startedAt);
    const result = await finishCharge(db(), {
      chargeId: charge.id,
      status: 'finished',
      meterStopWh: 11_000,
      finishedAt: new Date(startedAt.getTime() + 60 * MINUTE),
    });
    expect(result?.charge.costBreakdown).toMatchObject({ amount: preview.estimate?.amount });

    const custom = (await api('GET', `/stations/connectors/${await connectorId(2)}/price/`)).json<TPricePreview>();
    expect(custom).toMatchObject({ rate: { id: null, source: 'custom_fee' }, now: { fee: '15.00' }, estimate: null });
    expect(custom.timeline).toHaveLength(1);
  });

  it('refuses half an estimate, bad figures and unknown connectors, translated', async () => {
    const id = await connectorId(1);
    const half = await api('GET', `/stations/connectors/${id}/price/?kwh=10`, undefined, 'en');
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({ minutes: ['Give both the energy and the duration for an estimate'] });
    const kwh = await api('GET', `/stations/connectors/${id}/price/?kwh=1.2345&minutes=5`, undefined, 'ky');
    expect(kwh.json()).toEqual({ kwh: ['Энергияны кВт·саат менен, үтүрдөн кийин 3 белгиден ашпагандай жазыңыз'] });
    expect((await api('GET', '/stations/connectors/987654/price/')).statusCode).toBe(404);
    expect((await api('GET', '/stations/connectors/abc/price/')).statusCode).toBe(400);
  });
});

describe('rates with components and versions', () => {
  it('creates a rate with every component and answers it', async () => {
    const response = await api('POST', '/payments/', {
      name: 'Ночной DC',
      rate_type: 'default',
      typo: 'gbt_dc',
      merchant_id: merchantId,
      fee: '24',
      time_fee: '0.5',
      idle_fee: 10,
      idle_grace_minutes: 15,
      session_fee: '20.00',
      min_cost: '50',
      max_cost: '3000',
      periods: [{ component: 'energy', price: '12.00', start_time: '23:00', end_time: '07:00', weekdays: [7, 6, 6] }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<TRate>()).toMatchObject({
      merchant_id: merchantId,
      fee: '24.00',
      time_fee: '0.50',
      idle_fee: '10.00',
      idle_grace_minutes: 15,
      session_fee: '20.00',
      min_cost: '50.00',
      max_cost: '3000.00',
      periods: [
        {
          component: 'energy',
          price: '12.00',
          start_time: '23:00',
          end_time: '07:00',
          weekdays: [6, 7],
          start_date: null,
          end_date: null,
          min_power_kw: null,
          max_power_kw: null,
        },
      ],
    });
  });

  it.each([
    [
      'a period without its end',
      { periods: [{ component: 'energy', price: '1', start_time: '23:00' }] },
      { 'periods.0.end_time': ['Укажите и время начала, и время окончания'] },
    ],
    [
      'a period with no condition',
      { periods: [{ component: 'time', price: '1' }] },
      { 'periods.0.component': ['Задайте периоду хотя бы одно условие: время, дни недели, даты или мощность'] },
    ],
    [
      'a bad time',
      { periods: [{ component: 'idle', price: '1', start_time: '25:00', end_time: '07:00' }] },
      { 'periods.0.start_time': ['Введите время в виде ЧЧ:ММ (от 00:00 до 24:00)'] },
    ],
    [
      'an upside-down power range',
      { periods: [{ component: 'energy', price: '1', min_power_kw: 50, max_power_kw: 22 }] },
      { 'periods.0.max_power_kw': ['Верхняя граница мощности должна быть больше нижней'] },
    ],
    [
      'a minimum above the maximum',
      { min_cost: '100', max_cost: '50' },
      { max_cost: ['Максимум не может быть меньше минимума'] },
    ],
    [
      'a merchant on a personal rate',
      { rate_type: 'personal', merchant_id: 1 },
      { merchant_id: ['Мерчанту можно назначить только тариф по умолчанию'] },
    ],
    ['an unknown merchant', { merchant_id: 987_654 }, { merchant_id: ['Неизвестный мерчант'] }],
    [
      'a session fee of 6 digits',
      { session_fee: '100000' },
      { session_fee: ['Введите цену в сомах, не более 2 знаков после запятой'] },
    ],
    [
      'a grace beyond a day',
      { idle_grace_minutes: 1441 },
      { idle_grace_minutes: ['Значение должно быть не больше 1440.'] },
    ],
  ])('refuses %s with its message and stores nothing', async (_label, fields, errors) => {
    const before = (await api('GET', '/payments/?size=100')).json().total;
    const response = await api('POST', '/payments/', {
      name: 'Проверка',
      rate_type: 'default',
      typo: 'type2',
      fee: '10',
      ...fields,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect((await api('GET', '/payments/?size=100')).json().total).toBe(before);
  });

  it('an active rate takes a new version (never in the past) while its edit stays refused', async () => {
    const rate = await buildRate(db(), { rateType: 'personal', typo: 'type2', fee: '12.00', isActive: true });
    expect((await api('PATCH', `/payments/${rate.id}/`, { fee: '13.00' })).statusCode).toBe(400);
    const past = await api('POST', `/payments/${rate.id}/versions/`, {
      effective_from: '2026-01-01T00:00:00+06:00',
      fee: '13',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      effective_from: ['Новая цена может начать действовать сейчас или позже, но не в прошлом'],
    });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await api('POST', `/payments/${rate.id}/versions/`, {
      effective_from: later,
      fee: '13',
      session_fee: '5',
    });
    expect(scheduled.statusCode).toBe(201);
    // Until then the rate answers its price now, and names the next version.
    const now = (await api('GET', `/payments/${rate.id}/`)).json<TRate>();
    expect(now).toMatchObject({
      fee: '12.00',
      session_fee: '0.00',
      next_version: { id: scheduled.json().id, effective_from: later },
    });
    const versions = (await api('GET', `/payments/${rate.id}/versions/`)).json();
    expect(versions.map((version: { fee: string; session_fee: string }) => [version.fee, version.session_fee])).toEqual(
      [
        ['13.00', '5.00'],
        ['12.00', '0.00'],
      ],
    );
    expect((await api('GET', '/payments/987654/versions/')).statusCode).toBe(404);
  });
});
