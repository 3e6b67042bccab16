import { RATE_NAME_MAX, RATE_TYPES, zRequiredText, type TRate, type TRateCreateBody } from '@zaryad/contracts';
import { Alert, Col, Divider, Form, Input, Radio, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '@/components';
import { useConnectorTypes } from '@/features/lookups';
import { MerchantSelect } from '@/features/pickers';
import { PriceFields } from '@/features/rates/PriceFields';
import {
  placePriceErrors,
  toRateBody,
  toRateFormValues,
  type TPeriodRow,
  type TRateFormValues,
} from '@/features/rates/rateBody';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

export type { TRateFormValues } from '@/features/rates/rateBody';

export type TRateFormProps = {
  rate?: TRate;
  /** docs/product/rates.md#4-states-and-rules: an active tariff cannot be edited; the form is shown read-only. */
  isLocked?: boolean;
  /** Resolves when saved; rejects with the API error, which the form shows on its fields. */
  onSubmit: (body: TRateCreateBody) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
};

/**
 * Create and edit form of a tariff: name, rate type (a default one may belong to one merchant's stations), connector
 * type, and its price's components and periods (Tariffs II).
 */
export const RateForm = ({ rate, isLocked = false, onSubmit, onSaved, onCancel }: TRateFormProps) => {
  const { t } = useTranslation(['rates', 'common']);
  const [form] = Form.useForm<TRateFormValues>();
  const types = useConnectorTypes();
  const rateType = Form.useWatch('rate_type', form);
  const initialValues = useMemo(() => toRateFormValues(rate), [rate]);
  // Nested server names (`periods.0.end_time`) land on the row's field (apps/server/src/http/validation.ts).
  const placeErrors = useMemo(
    () => placePriceErrors(() => ((form.getFieldValue('periods') ?? []) as TPeriodRow[]).length),
    [form],
  );

  return (
    // docs/product/rates.md#8-messages, rate update failure: the first field error is shown, and every one lands on its field.
    <FormShell<TRateFormValues, unknown>
      form={form}
      initialValues={initialValues}
      isEdit={rate !== undefined}
      isLocked={isLocked}
      cancelLabel="back"
      onSubmit={(values) => onSubmit(toRateBody(values, rate))}
      onSaved={onSaved}
      onCancel={onCancel}
      placeErrors={placeErrors}
      formProps={{ style: { maxWidth: 720 } }}
    >
      {isLocked ? (
        <Alert type="warning" showIcon role="alert" title={t('form.activeLocked')} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('fields.name')} rules={[zodRule(zRequiredText(RATE_NAME_MAX))]} required>
            <Input maxLength={RATE_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="rate_type" label={t('fields.rateType')} required>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={RATE_TYPES.map((type) => ({ value: type, label: t(`rateType.${type}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="typo"
            label={t('fields.connectorType')}
            rules={[{ required: true, message: contractMessage('required') }]}
          >
            <Select
              placeholder={t('form.connectorPlaceholder')}
              loading={types.isLoading}
              options={(types.data ?? []).map((type) => ({ value: type.key, label: `${type.name} · ${type.current}` }))}
            />
          </Form.Item>
        </Col>
        {/* A merchant's own default tariff (its site tariff); a personal tariff has none (`merchant_default_only`). */}
        {rateType === 'default' ? (
          <Col xs={24} md={12}>
            <Form.Item name="merchant_id" label={t('fields.merchant')} extra={t('form.merchantHint')}>
              <MerchantSelect label={t('form.noMerchant')} knownName={rate?.merchant_name} />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      <Divider style={{ marginTop: 0 }} />
      <PriceFields />
    </FormShell>
  );
};
