import { expect, test } from 'vitest';
import { emptyMerchantValues, toCreateBody, toUpdateBody, type TMerchantFormValues } from '@/features/merchants/merchantBody';

const stored: TMerchantFormValues = {
  ...emptyMerchantValues(),
  name: 'Zaryad Plaza',
  agreement_number: 'A-1',
  legal_entity: 'OsOO Zaryad',
  country: 1,
  city: 2,
  street: 'Chui 1',
  phone: '996555123456',
  email: 'plaza@zaryad.kg',
  percentage: '12.50',
  schedule: [{ day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false }],
  tags: [{ id: 3, title_ru: 'Быстрая', title_en: 'Fast', title_ky: '' }],
};

test('create sends every field with ids for tags and infrastructure, trimmed texts', () => {
  const body = toCreateBody({ ...stored, name: '  Zaryad Plaza ' });
  expect(body).toMatchObject({ name: 'Zaryad Plaza', tags: [3], environment: [], status: 0, percentage: '12.50' });
  expect(Object.keys(body).sort()).toEqual(
    [
      'agreement_number',
      'city',
      'country',
      'district',
      'email',
      'environment',
      'legal_entity',
      'name',
      'percentage',
      'phone',
      'schedule',
      'status',
      'street',
      'tags',
    ].sort(),
  );
});

test('edit sends only what changed; the same percentage written differently is no change', () => {
  expect(toUpdateBody(stored, { ...stored, percentage: '12.5' })).toEqual({});
  expect(toUpdateBody(stored, { ...stored, street: 'Manas 5', tags: [], status: 1 })).toEqual({
    street: 'Manas 5',
    tags: [],
    status: 1,
  });
  const schedule = [...stored.schedule, { day: 1, start_time: '09:00:00', end_time: '18:00:00', is_break: false }];
  expect(toUpdateBody(stored, { ...stored, schedule })).toEqual({ schedule });
});
