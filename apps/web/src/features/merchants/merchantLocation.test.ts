import { describe, expect, it } from 'vitest';
import { merchantLocation } from '@/features/merchants/merchantLocation';

const merchant = {
  city: { id: 1, name: 'Bishkek' },
  district: 'Октябрьский район',
  street: 'ул. Ахунбаева, 119а',
};

// One language per line (issue 33, item 5): the city as the server names it beside the free-text district and street.
describe('merchantLocation', () => {
  it('names the city as the location line does', () => {
    expect(merchantLocation({ ...merchant, address_city: 'Бишкек' }, true)).toBe(
      'Бишкек, Октябрьский район, ул. Ахунбаева, 119а',
    );
    expect(merchantLocation({ ...merchant, address_city: 'Бишкек' })).toBe('Бишкек, ул. Ахунбаева, 119а');
  });

  it("falls back to the city's name when the server does not say", () => {
    expect(merchantLocation({ ...merchant, street: '119 Akhunbaev St', district: '' })).toBe(
      'Bishkek, 119 Akhunbaev St',
    );
    expect(merchantLocation({ city: null, district: '', street: '', address_city: null })).toBe('');
  });
});
