import type { TMerchantRow } from '@zaryad/contracts';

/**
 * City and street (and the district on the detail), as the list and the detail show a merchant's location: one
 * language per line, the city as the server names it beside the free-text district and street (`address_city`,
 * docs/product/merchants.md#3-records), never "Bishkek, Октябрьский район".
 */
export const merchantLocation = (
  merchant: Pick<TMerchantRow, 'city' | 'street' | 'district' | 'address_city'>,
  withDistrict = false,
) =>
  [
    merchant.address_city === undefined ? merchant.city?.name : merchant.address_city,
    withDistrict ? merchant.district : '',
    merchant.street,
  ]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(', ');
