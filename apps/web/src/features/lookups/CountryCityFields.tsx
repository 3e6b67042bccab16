import { Col, Form, Select } from 'antd';
import { useCountries, useSettlements } from '@/features/lookups/api';
import { contractMessage } from '@/lib/contractMessage';

export type TCountryCityTexts = {
  country: string;
  city: string;
  countryPlaceholder: string;
  cityPlaceholder: string;
  /** The city's placeholder while no country is chosen. */
  cityAfterCountry: string;
};

/**
 * The `country` and `city` fields of a form (merchants, stations), both required, each half a row wide: the city is
 * enabled once a country is chosen (docs/product/merchants.md#4-states-and-rules) and emptied when the country changes.
 */
export const CountryCityFields = ({ texts }: { texts: TCountryCityTexts }) => {
  const form = Form.useFormInstance();
  const countryId = Form.useWatch<number | undefined>('country', form);
  const countries = useCountries();
  const settlements = useSettlements(countryId);
  const rules = [{ required: true, message: contractMessage('required') }];
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="country" label={texts.country} rules={rules} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={texts.countryPlaceholder}
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
        <Form.Item name="city" label={texts.city} rules={rules} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={countryId ? texts.cityPlaceholder : texts.cityAfterCountry}
            disabled={!countryId}
            loading={settlements.isLoading}
            options={(settlements.data ?? []).map((city) => ({ value: city.id, label: city.name }))}
          />
        </Form.Item>
      </Col>
    </>
  );
};
