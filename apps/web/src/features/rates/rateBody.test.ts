import { expect, test } from 'vitest';
import { buildRate } from '@/test/ratesFakeApi';
import { EMPTY_PERIOD, periodIssue, placePriceErrors, toRateBody, toRateFormValues } from '@/features/rates/rateBody';

test('an edit that does not change the price sends no component: no new version for a rename', () => {
  const rate = buildRate({ id: 4, fee: '9.90', time_fee: '1.00' });
  const values = { ...toRateFormValues(rate), name: 'Renamed', fee: '9.9', time_fee: '1' };
  expect(toRateBody(values, rate)).toEqual({
    name: 'Renamed',
    rate_type: 'personal',
    typo: 'type2',
    merchant_id: null,
  });
});

test('a changed price is sent whole: components, empty bounds as null, periods with empty restrictions as null', () => {
  const rate = buildRate({ id: 4, rate_type: 'default', merchant_id: 3 });
  const values = {
    ...toRateFormValues(rate),
    session_fee: '25',
    max_cost: '900',
    periods: [{ ...EMPTY_PERIOD, price: '4.5', start_time: '23:00', end_time: '07:00', weekdays: [7, 1] }],
  };
  expect(toRateBody(values, rate)).toEqual({
    name: 'Bishkek AC',
    rate_type: 'default',
    typo: 'type2',
    merchant_id: 3,
    fee: '12.50',
    time_fee: '0.00',
    idle_fee: '0.00',
    idle_grace_minutes: 0,
    session_fee: '25',
    min_cost: null,
    max_cost: '900',
    periods: [
      {
        component: 'energy',
        price: '4.5',
        start_time: '23:00',
        end_time: '07:00',
        weekdays: [1, 7],
        start_date: null,
        end_date: null,
        min_power_kw: null,
        max_power_kw: null,
      },
    ],
  });
});

test('a personal tariff never sends a merchant, whatever the form held', () => {
  const values = { ...toRateFormValues(undefined), name: 'X', typo: 'type2', fee: '1', merchant_id: 8 };
  expect(toRateBody(values).merchant_id).toBeNull();
});

test("a period's cross-field checks are the contract's, each on its field", () => {
  expect(periodIssue({ ...EMPTY_PERIOD, price: '1' }, 'component')).toBe('period_restriction_required');
  expect(periodIssue({ ...EMPTY_PERIOD, price: '1', start_time: '10:00' }, 'end_time')).toBe('time_range_incomplete');
  expect(periodIssue({ ...EMPTY_PERIOD, price: '1', start_time: '10:00', end_time: '10:00' }, 'end_time')).toBe(
    'time_range_empty',
  );
  expect(periodIssue({ ...EMPTY_PERIOD, price: '1', min_power_kw: 50, max_power_kw: 22 }, 'max_power_kw')).toBe(
    'power_range_invalid',
  );
  expect(periodIssue({ ...EMPTY_PERIOD, price: '1', weekdays: [6] }, 'component')).toBeNull();
});

test("the server's nested names land on the period row's fields; unknown rows and names go to the alert", () => {
  const place = placePriceErrors(() => 2);
  const placed = place(
    {
      'periods.0.end_time': ['bad end'],
      'periods.1.weekdays.3': ['bad day'],
      'periods.1': ['bad row'],
      'periods.5.price': ['gone row'],
      periods: ['too many'],
      max_cost: ['below min'],
      non_field_errors: ['whole'],
    },
    new Set(['periods', 'max_cost', 'fee']),
  );
  expect(placed.fields).toEqual([
    { name: ['periods', 0, 'end_time'], errors: ['bad end'] },
    { name: ['periods', 1, 'weekdays'], errors: ['bad day'] },
    { name: ['periods', 1, 'component'], errors: ['bad row'] },
    { name: 'periods', errors: ['too many'] },
    { name: 'max_cost', errors: ['below min'] },
  ]);
  expect(placed.rest).toEqual(['gone row', 'whole']);
});
