import { RATE_NAME_MAX, RATE_TYPES, zRequiredText, type TRate, type TRateCreateBody } from '@zaryad/contracts';
import { Alert, App, Button, Col, Flex, Form, Input, Radio, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeavePageGuardModal, useLeavePageGuard } from '@/components';
import { useConnectorTypes } from '@/features/lookups';
import { feeRule } from '@/features/rates/rateFee';
import { errorMessage } from '@/lib/apiError';
import { contractMessage } from '@/lib/contractMessage';
import { applyServerErrors } from '@/lib/formErrors';
import { zodRule } from '@/lib/formRules';

export type TRateFormValues = TRateCreateBody & { fee: string };

export type TRateFormProps = {
  rate?: TRate;
  isSaving: boolean;
  /** SPEC.md section 4: an active tariff cannot be edited; the form is shown read-only. */
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
export const RateForm = ({ rate, isSaving, isLocked = false, onSubmit, onSaved, onCancel }: TRateFormProps) => {
  const { t } = useTranslation(['rates', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TRateFormValues>();
  const [isDirty, setIsDirty] = useState(false);
  const guard = useLeavePageGuard(isDirty);
  const types = useConnectorTypes();

  const onFinish = async (values: TRateFormValues) => {
    try {
      await onSubmit({ ...values, name: values.name.trim(), fee: values.fee.trim() });
      guard.allowNavigation();
      setIsDirty(false);
      onSaved();
    } catch (error) {
      // SPEC.md section 8, rate update failure: the first field error is shown, and every one lands on its field.
      applyServerErrors(form, error, t('common:errors.request'));
      void message.error(errorMessage(error, t('common:errors.request')));
    }
  };

  return (
    <Form<TRateFormValues>
      form={form}
      layout="vertical"
      disabled={isLocked}
      initialValues={toFormValues(rate)}
      onValuesChange={() => setIsDirty(true)}
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError
      style={{ maxWidth: 720 }}
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
      <Flex gap={8}>
        {isLocked ? null : (
          <Button type="primary" htmlType="submit" loading={isSaving}>
            {rate ? t('common:actions.save') : t('common:actions.create')}
          </Button>
        )}
        <Button onClick={onCancel} disabled={false}>
          {t('common:actions.back')}
        </Button>
      </Flex>
      <LeavePageGuardModal guard={guard} />
    </Form>
  );
};
