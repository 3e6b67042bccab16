import { RATE_NAME_MAX, RATE_TYPES, zRequiredText, type TRate, type TRateCreateBody } from '@zaryad/contracts';
import { Alert, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormShell } from '@/components';
import { useConnectorTypes } from '@/features/lookups';
import { feeRule } from '@/features/rates/rateFee';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

export type TRateFormValues = TRateCreateBody & { fee: string };

export type TRateFormProps = {
  rate?: TRate;
  /** docs/product/rates.md#4-states-and-rules: an active tariff cannot be edited; the form is shown read-only. */
  isLocked?: boolean;
  /** Resolves when saved; rejects with the API error, which the form shows on its fields. */
  onSubmit: (values: TRateFormValues) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
};

const toFormValues = (rate: TRate | undefined): Partial<TRateFormValues> => ({
  name: rate?.name ?? '',
  rate_type: rate?.rate_type ?? 'personal',
  typo: rate?.typo,
  fee: rate?.fee ?? '',
});

/** Create and edit form of a tariff: name, rate type, connector type, price per kWh in som. */
export const RateForm = ({ rate, isLocked = false, onSubmit, onSaved, onCancel }: TRateFormProps) => {
  const { t } = useTranslation(['rates', 'common']);
  const [form] = Form.useForm<TRateFormValues>();
  const types = useConnectorTypes();

  return (
    // docs/product/rates.md#8-messages, rate update failure: the first field error is shown, and every one lands on its field.
    <FormShell<TRateFormValues, unknown>
      form={form}
      initialValues={toFormValues(rate)}
      isEdit={rate !== undefined}
      isLocked={isLocked}
      cancelLabel="back"
      onSubmit={(values) => onSubmit({ ...values, name: values.name.trim(), fee: values.fee.trim() })}
      onSaved={onSaved}
      onCancel={onCancel}
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
        <Col xs={24} md={12}>
          <Form.Item name="fee" label={t('fields.fee')} extra={t('form.feeHint')} rules={[feeRule()]} required>
            <Input inputMode="decimal" maxLength={12} />
          </Form.Item>
        </Col>
      </Row>
    </FormShell>
  );
};
