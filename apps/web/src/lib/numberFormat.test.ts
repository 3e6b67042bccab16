import { describe, expect, it } from 'vitest';
import { isNegative, numberFormat } from '@/lib/numberFormat';

const N = '\u202f'; // narrow no-break space: thousands in ru and ky
const S = '\u00a0'; // no-break space: a figure and its unit

const ru = numberFormat('ru');
const en = numberFormat('en');
const ky = numberFormat('ky');

// Each figure kind in each language (issue 31): one table, so a language or a kind cannot be forgotten.
const CASES: Array<{ kind: string; write: (f: typeof ru) => string; ru: string; en: string; ky: string }> = [
  { kind: 'count', write: (f) => f.count(201309), ru: `201${N}309`, en: '201,309', ky: `201${N}309` },
  { kind: 'count zero', write: (f) => f.count(0), ru: '0', en: '0', ky: '0' },
  { kind: 'count small', write: (f) => f.count(999), ru: '999', en: '999', ky: '999' },
  { kind: 'count negative', write: (f) => f.count(-1234), ru: `-1${N}234`, en: '-1,234', ky: `-1${N}234` },
  {
    kind: 'count large',
    write: (f) => f.count(1234567890123),
    ru: `1${N}234${N}567${N}890${N}123`,
    en: '1,234,567,890,123',
    ky: `1${N}234${N}567${N}890${N}123`,
  },
  { kind: 'money', write: (f) => f.money('11090.50'), ru: `11${N}090,50`, en: '11,090.50', ky: `11${N}090,50` },
  { kind: 'money zero', write: (f) => f.money('0.00'), ru: '0,00', en: '0.00', ky: '0,00' },
  {
    kind: 'money negative',
    write: (f) => f.money('-1500.00'),
    ru: `-1${N}500,00`,
    en: '-1,500.00',
    ky: `-1${N}500,00`,
  },
  {
    // Beyond 2^53 tyiyn: a float would lose the last digits.
    kind: 'money large',
    write: (f) => f.money('123456789012345678.99'),
    ru: `123${N}456${N}789${N}012${N}345${N}678,99`,
    en: '123,456,789,012,345,678.99',
    ky: `123${N}456${N}789${N}012${N}345${N}678,99`,
  },
  { kind: 'money from an integer', write: (f) => f.money(18), ru: '18,00', en: '18.00', ky: '18,00' },
  { kind: 'kWh', write: (f) => f.kwh('723840.456'), ru: `723${N}840,46`, en: '723,840.46', ky: `723${N}840,46` },
  {
    kind: 'kWh on a card',
    write: (f) => f.kwh('723840.456', 1),
    ru: `723${N}840,5`,
    en: '723,840.5',
    ky: `723${N}840,5`,
  },
  { kind: 'kWh zero', write: (f) => f.kwh('0.000'), ru: '0,00', en: '0.00', ky: '0,00' },
  { kind: 'kWh small', write: (f) => f.kwh('0.004'), ru: '0,00', en: '0.00', ky: '0,00' },
  { kind: 'percent', write: (f) => f.percent('7.00'), ru: `7${S}%`, en: '7%', ky: `7${S}%` },
  { kind: 'percent fraction', write: (f) => f.percent(12.46), ru: `12,5${S}%`, en: '12.5%', ky: `12,5${S}%` },
  { kind: 'percent zero', write: (f) => f.percent(0), ru: `0${S}%`, en: '0%', ky: `0${S}%` },
  { kind: 'change up', write: (f) => f.change(873), ru: `+873${S}%`, en: '+873%', ky: `+873${S}%` },
  { kind: 'change down', write: (f) => f.change(-36.04), ru: `-36${S}%`, en: '-36%', ky: `-36${S}%` },
  {
    kind: 'change large',
    write: (f) => f.change(12345.6),
    ru: `+12${N}345,6${S}%`,
    en: '+12,345.6%',
    ky: `+12${N}345,6${S}%`,
  },
  { kind: 'change zero', write: (f) => f.change(0), ru: `0${S}%`, en: '0%', ky: `0${S}%` },
  {
    kind: 'decimal as given',
    write: (f) => f.decimal('35021.610'),
    ru: `35${N}021,610`,
    en: '35,021.610',
    ky: `35${N}021,610`,
  },
  {
    kind: 'unit',
    write: (f) => f.unit(f.kwh('12.5'), 'kWh'),
    ru: `12,50${S}kWh`,
    en: `12.50${S}kWh`,
    ky: `12,50${S}kWh`,
  },
];

describe('one number formatter, by the interface language', () => {
  for (const { kind, write, ...expected } of CASES) {
    it(`writes a ${kind} in ru, en and ky`, () => {
      expect({ ru: write(ru), en: write(en), ky: write(ky) }).toEqual(expected);
    });
  }

  it('rounds half away from zero on the digits themselves', () => {
    expect(en.money('2.005')).toBe('2.01');
    expect(en.money('-2.005')).toBe('-2.01');
    expect(en.money('2.004')).toBe('2.00');
    expect(en.kwh('9.995')).toBe('10.00');
    expect(en.kwh('999999.999', 1)).toBe('1,000,000.0');
    expect(en.count('1234.5')).toBe('1,235');
    // 0.1 + 0.2 is 0.30000000000000004 as a float: written as the figure it stands for.
    expect(en.decimal(0.1 + 0.2, { maxDigits: 2 })).toBe('0.3');
    expect(en.decimal('12.50', { maxDigits: 2 })).toBe('12.5');
    expect(en.decimal('12.5', { digits: 3 })).toBe('12.500');
  });

  it('gives a figure that rounds to zero no sign', () => {
    expect(en.money('-0.00')).toBe('0.00');
    expect(en.money('-0.001')).toBe('0.00');
    expect(en.change(-0.01)).toBe('0%');
  });

  it('takes bigints and numbers beyond the float range of exact integers', () => {
    expect(en.count(12345678901234567890n)).toBe('12,345,678,901,234,567,890');
    expect(en.count(1e21)).toBe('1,000,000,000,000,000,000,000');
  });

  it('shows text that is no figure as it came', () => {
    expect(ru.money('—')).toBe('—');
    expect(ru.count('1e6')).toBe('1e6');
    expect(ru.count(Number.NaN)).toBe('NaN');
  });

  it('answers Russian for an unknown language, as the interface does', () => {
    expect(numberFormat('de').money('1500.00')).toBe(`1${N}500,00`);
    expect(numberFormat(undefined).language).toBe('ru');
  });

  it('tells a figure below zero', () => {
    expect(isNegative('-1.00')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('3')).toBe(false);
    expect(isNegative('—')).toBe(false);
  });
});
