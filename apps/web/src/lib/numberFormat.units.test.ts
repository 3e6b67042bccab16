import { describe, expect, it } from 'vitest';
import { numberFormat, UNITS } from '@/lib/numberFormat';
import { LANGUAGES } from '@/lib/language';
import { GLOSSARY } from '@/locales/glossary';
import enAnalytics from '@/locales/en/lazy/analytics';
import kyAnalytics from '@/locales/ky/lazy/analytics';
import ruAnalytics from '@/locales/ru/lazy/analytics';

const N = '\u202f'; // narrow no-break space: thousands in ru and ky
const S = '\u00a0'; // no-break space: a figure and its unit

// Units follow the interface language (issue 33, item 5): кВт and кВт·ч in Russian, kW and kWh in English, кВт and
// кВт·саат in Kyrgyz.
describe('units by language', () => {
  it.each([
    ['ru', `723${N}840,46${S}кВт·ч`, `7,4${S}кВт`, `150${S}кВт`],
    ['en', `723,840.46${S}kWh`, `7.4${S}kW`, `150${S}kW`],
    ['ky', `723${N}840,46${S}кВт·саат`, `7,4${S}кВт`, `150${S}кВт`],
  ] as const)('%s writes energy and power with its own units', (language, energy, power, whole) => {
    const format = numberFormat(language);
    expect(format.energy('723840.456')).toBe(energy);
    expect(format.power(7.4)).toBe(power);
    expect(format.power('150.00')).toBe(whole);
  });

  it('rounds energy to the digits asked for', () => {
    expect(numberFormat('en').energy('723840.456', 1)).toBe(`723,840.5${S}kWh`);
    expect(numberFormat('ky').energy(0)).toBe(`0,00${S}кВт·саат`);
  });

  it('writes the price unit of a tariff', () => {
    expect(
      [numberFormat('ru'), numberFormat('en'), numberFormat('ky')].map((format) => format.units.somPerKwh),
    ).toEqual(['сом/кВт·ч', 'som/kWh', 'сом/кВт·саат']);
  });

  it('agrees with the glossary and the locales', () => {
    const glossaryTerm = (concept: string) => GLOSSARY.find((entry) => entry.concept.startsWith(concept))?.terms;
    for (const language of LANGUAGES) {
      expect(glossaryTerm('Energy in kilowatt-hours')?.[language]).toBe(UNITS[language].kwh);
      expect(glossaryTerm('Power in kilowatts')?.[language]).toBe(UNITS[language].kw);
    }
    expect([ruAnalytics.units.kwh, enAnalytics.units.kwh, kyAnalytics.units.kwh]).toEqual([
      UNITS.ru.kwh,
      UNITS.en.kwh,
      UNITS.ky.kwh,
    ]);
  });
});
