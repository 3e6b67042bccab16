import { Col, Form, Input, Select } from 'antd';
import { zOptionalText, zRequiredText, MERCHANT_LIMITS } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { useCountries, useSettlements } from '@/features/lookups';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

/** Country, then city (enabled once a country is chosen: SPEC.md section 4), district and street. */
export const LocationFields = () => {
  const { t } = useTranslation('merchants');
  const form = Form.useFormInstance();
  const countryId = Form.useWatch<number | undefined>('country', form);
  const countries = useCountries();
  const settlements = useSettlements(countryId);
  const requiredRule = { required: true, message: contractMessage('required') };
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="country" label={t('fields.country')} rules={[requiredRule]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('form.countryPlaceholder')}
            loading={countries.isLoading}
            options={(countries.data ?? []).map((country) => ({ value: country.id, label: country.name }))}
            onChange={() => {
              // A city belongs to its country: a new country empties the city.
              form.setFieldValue('city', undefined);
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="city" label={t('fields.city')} rules={[requiredRule]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={countryId ? t('form.cityPlaceholder') : t('form.cityAfterCountry')}
            disabled={!countryId}
            loading={settlements.isLoading}
            options={(settlements.data ?? []).map((city) => ({ value: city.id, label: city.name }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="district" label={t('fields.district')} rules={[zodRule(zOptionalText(MERCHANT_LIMITS.district))]}>
          <Input maxLength={MERCHANT_LIMITS.district} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="street"
          label={t('fields.street')}
          rules={[zodRule(zRequiredText(MERCHANT_LIMITS.street))]}
          required
        >
          <Input maxLength={MERCHANT_LIMITS.street} />
        </Form.Item>
      </Col>
    </>
  );
};
