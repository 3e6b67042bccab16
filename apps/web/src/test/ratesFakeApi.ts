import {
  ZConnectorType,
  ZDefaultRateFee,
  ZRate,
  ZRatePage,
  ZRateVersionList,
  type TConnectorType,
  type TDefaultRateFee,
  type TRate,
  type TRateVersion,
} from '@zaryad/contracts';
import type { z } from 'zod';
import { jsonResponse, stubFetch } from '@/app/testing/renderRoutes';

/**
 * Test data and a fake `/payments/` server for the tariff screens' component tests. Every answer is first read by the
 * contract's schema of that call (packages/contracts): a fake drifting from what the server may answer fails the test
 * that uses it, instead of testing the screens against a server that does not exist.
 */

/** An answer as the contract reads it: `schema.parse` throws on any field the server could not send. */
export const answer = <TSchema extends z.ZodType>(schema: TSchema, body: z.input<TSchema>, status = 200) =>
  jsonResponse(status, schema.parse(body));

export const buildRate = (overrides: Partial<TRate> = {}): TRate => ({
  id: 1,
  name: 'Bishkek AC',
  rate_type: 'personal',
  typo: 'type2',
  fee: '12.50',
  time_fee: '0.00',
  idle_fee: '0.00',
  idle_grace_minutes: 0,
  session_fee: '0.00',
  min_cost: null,
  max_cost: null,
  periods: [],
  merchant_id: null,
  merchant_name: null,
  status: 1,
  version: { id: 100 + (overrides.id ?? 1), effective_from: '2026-11-01T00:00:00.000Z' },
  next_version: null,
  ...overrides,
});

/** A version of a rate's price as GET /payments/{id}/versions/ lists it: the rate's price in force by default. */
export const buildVersion = (rate: TRate, overrides: Partial<TRateVersion> = {}): TRateVersion => ({
  id: rate.version.id,
  effective_from: rate.version.effective_from,
  created_at: rate.version.effective_from,
  account_id: 1,
  account_name: 'Усенов Азамат',
  fee: rate.fee,
  time_fee: rate.time_fee,
  idle_fee: rate.idle_fee,
  idle_grace_minutes: rate.idle_grace_minutes,
  session_fee: rate.session_fee,
  min_cost: rate.min_cost,
  max_cost: rate.max_cost,
  periods: rate.periods,
  ...overrides,
});

const TYPES: TConnectorType[] = [
  { key: 'type2', name: 'Type 2 (Mennekes)', current: 'AC', fee_default: '10.00' },
  { key: 'ccs2', name: 'CCS2', current: 'DC', fee_default: null },
];
const DEFAULT_FEES: TDefaultRateFee[] = [
  { typo: 'type2', name: 'Type 2 (Mennekes)', fee: '10.00' },
  { typo: 'ccs2', name: 'CCS2', fee: null },
];

type TOverride = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** Answers the lookups, the default fees, a one-page list of `rates` and their versions; `override` answers first. */
export const stubRatesApi = (rates: TRate[], override: TOverride = () => undefined) =>
  stubFetch((url, init) => {
    const overridden = override(url, init);
    if (overridden) {
      return overridden;
    }
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/stations/connectors-types-positions/') {
      return answer(ZConnectorType.array(), TYPES);
    }
    if (url.pathname === '/api/v1/payments/default-rates-fee/') {
      return answer(ZDefaultRateFee.array(), DEFAULT_FEES);
    }
    if (url.pathname === '/api/v1/payments/' && method === 'GET') {
      return answer(ZRatePage, { items: rates, page: 1, pages: 1, size: 10, total: rates.length });
    }
    const one = /^\/api\/v1\/payments\/(\d+)\/$/.exec(url.pathname);
    const rate = one ? rates.find((item) => item.id === Number(one[1])) : undefined;
    if (rate && method === 'GET') {
      return answer(ZRate, rate);
    }
    const versions = /^\/api\/v1\/payments\/(\d+)\/versions\/$/.exec(url.pathname);
    const versioned = versions ? rates.find((item) => item.id === Number(versions[1])) : undefined;
    if (versioned && method === 'GET') {
      return answer(ZRateVersionList, [buildVersion(versioned)]);
    }
    return undefined;
  });

/** The JSON body a recorded request sent. */
export const sentBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
