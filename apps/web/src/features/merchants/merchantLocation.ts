import type { TMerchantRow } from '@zaryad/contracts';

/** City and street, as the list and the detail show a merchant's location. */
export const merchantLocation = (merchant: Pick<TMerchantRow, 'city' | 'street' | 'district'>, withDistrict = false) =>
  [merchant.city?.name, withDistrict ? merchant.district : '', merchant.street]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(', ');
