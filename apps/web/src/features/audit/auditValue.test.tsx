import type { TLanguage } from '@zaryad/contracts';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChangesTable } from '@/features/audit/ChangesTable';
import { auditValueText } from '@/features/audit/auditValue';
import { changeLanguage, i18n } from '@/lib/i18n';
import { numberFormat } from '@/lib/numberFormat';

const N = '\u202f'; // thousands in ru and ky
const S = '\u00a0'; // a figure and its unit

const inLanguage = async (language: TLanguage) => {
  await changeLanguage(language);
  return (field: string, value: unknown, entity = 'station') =>
    auditValueText(field, value, {
      t: (key, options) => String(i18n.t(key as never, options as never)),
      format: numberFormat(language),
      entity,
    });
};

// The audit log shows what an operator reads (issue 33, item 5): words for booleans, statuses and methods, money and
// kWh formatted with the language's units, never raw true/false, 0/1 or codes.
describe('logged values in words and figures', () => {
  it('writes them in Russian', async () => {
    const text = await inLanguage('ru');
    expect([text('is_gas_station', true), text('is_new', false)]).toEqual(['Да', 'Нет']);
    expect(text('status', 1)).toBe('Неактивен');
    expect(text('status', 0)).toBe('Активен');
    expect(text('status', 1, 'account')).toBe('Заблокирован');
    expect(text('status', 'finished', 'charge')).toBe('Завершена');
    expect(text('closed_by', 'force', 'charge')).toBe('Закрыта без зарядной станции');
    expect(text('fee', '1500.5')).toBe(`1${N}500,50${S}сом`);
    expect(text('consumption_kwh', '12.345', 'charge')).toBe(`12,35${S}кВт·ч`);
    expect(text('percentage', '12.50', 'merchant')).toBe(`12,5${S}%`);
    expect(text('method', 'cash', 'app_user')).toBe('Наличные');
    expect(text('execution_type', 'wall')).toBe('Настенная');
    expect(text('language', 'ky', 'account_settings')).toBe('Кыргызский');
    expect(text('permissions', ['stations.view', 'charges.stop'], 'role')).toBe(
      'Станции: Просмотр, Зарядки: Остановка',
    );
    expect(text('finished_at', '2026-11-23T08:30:00.000Z', 'charge')).toBe('23.11.2026 14:30');
    expect(text('schedule', [{ day: 0 }, { day: 1 }, { day: 2 }, { day: 3 }, { day: 4 }], 'merchant')).toBe(
      'записей: 5',
    );
    expect(text('tags', [3, 7], 'merchant')).toBe('3, 7');
    expect(text('password', 'changed', 'account')).toBe('изменён');
    expect(text('street', '')).toBe('—');
  });

  it('writes them in English', async () => {
    const text = await inLanguage('en');
    expect([text('is_gas_station', true), text('remember', false, 'account')]).toEqual(['Yes', 'No']);
    expect(text('status', 1)).toBe('Inactive');
    expect(text('status', 'in_progress', 'charge')).toBe('In progress');
    expect(text('total_cost', '-1500.00', 'charge')).toBe(`-1,500.00${S}som`);
    expect(text('consumption_kwh', '12.345', 'charge')).toBe(`12.35${S}kWh`);
    expect(text('rate_type', 'personal', 'rate')).toBe('Personal');
    expect(text('schedule', [{ day: 0 }], 'merchant')).toBe('items: 1');
  });

  it('writes them in Kyrgyz', async () => {
    const text = await inLanguage('ky');
    expect([text('is_gas_station', true), text('is_new', false)]).toEqual(['Ооба', 'Жок']);
    expect(text('status', 1, 'app_user')).toBe('Бөгөттөлгөн');
    expect(text('consumption_kwh', '12.345', 'charge')).toBe(`12,35${S}кВт·саат`);
    expect(text('balance', '500', 'app_user')).toBe(`500,00${S}сом`);
  });

  it('reads a city, a country and a merchant held by id by the names the server gave, a deleted one by its id', async () => {
    await changeLanguage('en');
    const names = { city: { '12': 'Bishkek' }, country: { '1': 'Kyrgyzstan' }, merchant: { '7': 'Ala-Too Energy' } };
    const text = (field: string, value: unknown) =>
      auditValueText(field, value, {
        t: (key, options) => String(i18n.t(key as never, options as never)),
        format: numberFormat('en'),
        entity: 'station',
        names,
      });
    expect([text('city', 12), text('country', 1), text('merchant', '7')]).toEqual([
      'Bishkek',
      'Kyrgyzstan',
      'Ala-Too Energy',
    ]);
    expect(text('merchant', 8)).toBe('8');
    // Another field holding the same number is not a city.
    expect(text('silent_for', 12)).toBe('12');
  });

  it('shows an unknown code as it was logged', async () => {
    const text = await inLanguage('en');
    expect(text('method', 'barter', 'app_user')).toBe('barter');
    expect(text('identity', 'ZR-0001')).toBe('ZR-0001');
  });
});

describe('the changes table', () => {
  beforeEach(async () => {
    await changeLanguage('ru');
  });

  it('names the fields and writes the values in the interface language', () => {
    render(
      <ChangesTable
        entity="station"
        changes={{
          is_gas_station: { before: false, after: true },
          status: { before: 0, after: 1 },
          fee: { before: null, after: '18.5' },
        }}
      />,
    );
    const row = (name: string) => {
      const header = screen.getByRole('rowheader', { name });
      const cells = within(header.closest('tr') as HTMLElement).getAllByRole('cell');
      return cells.map((cell) => cell.textContent);
    };
    expect(row('АЗС')).toEqual(['Нет', 'Да']);
    expect(row('Статус')).toEqual(['Активен', 'Неактивен']);
    expect(row('Стоимость')).toEqual(['—', `18,50${S}сом`]);
  });

  it("shows the city and the merchant by the entry's names", () => {
    render(
      <ChangesTable
        entity="station"
        changes={{ city: { before: 12, after: 15 }, merchant: { before: null, after: 7 } }}
        names={{ city: { '12': 'Бишкек', '15': 'Ош' }, merchant: { '7': 'Ала-Тоо Энерджи' } }}
      />,
    );
    const cells = (name: string) =>
      within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Город')).toEqual(['Бишкек', 'Ош']);
    expect(cells('Мерчант')).toEqual(['—', 'Ала-Тоо Энерджи']);
  });
});
