import type { TStation } from '@zaryad/contracts';
import { describe, expect, it } from 'vitest';
import { localized, sortByConnectorId } from '@/features/stations/info/stationText';

const names = {
  name_ru: 'Станция',
  name_en: 'Station',
  name_ky: 'Станция KG',
  address_ru: 'Чуй 100',
  address_en: '',
  address_ky: '',
};

describe('station texts', () => {
  it('puts the interface language first, then the others in ru, en, ky order', () => {
    const station = names as unknown as TStation;
    expect(localized(station, 'name', 'en')).toEqual({
      current: 'Station',
      others: [
        { language: 'ru', value: 'Станция' },
        { language: 'ky', value: 'Станция KG' },
      ],
    });
    expect(localized(station, 'address', 'ky').current).toBe('');
  });

  it('orders connectors by connector_id, leaving the input alone', () => {
    const connectors = [{ connector_id: 3 }, { connector_id: 1 }, { connector_id: 2 }];
    expect(sortByConnectorId(connectors).map((connector) => connector.connector_id)).toEqual([1, 2, 3]);
    expect(connectors[0]?.connector_id).toBe(3);
  });
});
