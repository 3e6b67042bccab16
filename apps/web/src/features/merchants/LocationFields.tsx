import { MERCHANT_LIMITS } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form-fields/FormFields';
import { CountryCityFields } from '@/features/lookups';

/** Country, then city (enabled once a country is chosen: docs/product/merchants.md#4-states-and-rules), district and street. */
export const LocationFields = () => {
  const { t } = useTranslation('merchants');
  return (
    <>
      <CountryCityFields
        texts={{
          country: t('fields.country'),
          city: t('fields.city'),
          countryPlaceholder: t('form.countryPlaceholder'),
          cityPlaceholder: t('form.cityPlaceholder'),
          cityAfterCountry: t('form.cityAfterCountry'),
        }}
      />
      <TextField name="district" label={t('fields.district')} limit={MERCHANT_LIMITS.district} />
      <TextField name="street" label={t('fields.street')} limit={MERCHANT_LIMITS.street} isRequired />
    </>
  );
};
