import { checkSchedule, MERCHANT_LIMITS, zPercentage, type TScheduleEntry } from '@zaryad/contracts';
import { Col, Divider, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormShell } from '@/components';
import { EmailField, PhoneField, StatusSwitchField, TextField } from '@/components/form-fields/FormFields';
import { LocationFields } from '@/features/merchants/LocationFields';
import type { TMerchantFormValues } from '@/features/merchants/merchantBody';
import { CatalogueFields } from '@/features/pickers';
import { ScheduleField } from '@/features/schedule';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

export type TMerchantFormProps = {
  initialValues: TMerchantFormValues;
  isEdit: boolean;
  /** Resolves when saved; rejects with the API error, which the form shows on its fields. */
  onSubmit: (values: TMerchantFormValues) => Promise<{ id: number }>;
  /** Called with the saved merchant once navigation is allowed (the leave-page guard lets it through). */
  onSaved: (saved: { id: number }) => void;
  onCancel: () => void;
};

const scheduleRule = {
  validator: async (_rule: unknown, value: TScheduleEntry[] | undefined) => {
    const [problem] = checkSchedule(value ?? []);
    if (problem) {
      throw new Error(contractMessage(problem.message));
    }
  },
};

/** Create and edit form of a merchant: every field of docs/product/merchants.md#3-records. */
export const MerchantForm = ({ initialValues, isEdit, onSubmit, onSaved, onCancel }: TMerchantFormProps) => {
  const { t } = useTranslation(['merchants', 'common']);
  const [form] = Form.useForm<TMerchantFormValues>();

  return (
    <FormShell<TMerchantFormValues, { id: number }>
      form={form}
      initialValues={initialValues}
      isEdit={isEdit}
      onSubmit={onSubmit}
      onSaved={onSaved}
      onCancel={onCancel}
      formProps={{ style: { maxWidth: 960 } }}
    >
      <Row gutter={16}>
        <TextField name="name" label={t('fields.name')} limit={MERCHANT_LIMITS.name} isRequired showCount />
        <TextField
          name="agreement_number"
          label={t('fields.agreementNumber')}
          limit={MERCHANT_LIMITS.agreementNumber}
          isRequired
          showCount
        />
        <TextField name="legal_entity" label={t('fields.legalEntity')} limit={MERCHANT_LIMITS.legalEntity} isRequired />
        <Col xs={24} md={12}>
          <Form.Item name="percentage" label={t('fields.percentage')} rules={[zodRule(zPercentage())]} required>
            <InputNumber<string>
              stringMode
              min="0"
              max="100"
              step="0.01"
              precision={2}
              suffix="%"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Divider titlePlacement="start">{t('form.location')}</Divider>
        </Col>
        <LocationFields />
        <Col xs={24}>
          <Divider titlePlacement="start">{t('form.contacts')}</Divider>
        </Col>
        <PhoneField label={t('fields.phone')} />
        <EmailField label={t('fields.email')} />
        <Col xs={24}>
          <Divider titlePlacement="start">{t('form.operation')}</Divider>
        </Col>
        <Col xs={24}>
          <Form.Item name="schedule" label={t('fields.schedule')} rules={[scheduleRule]} required>
            <ScheduleField />
          </Form.Item>
        </Col>
        <CatalogueFields labels={{ tags: t('fields.tags'), infrastructure: t('fields.infrastructure') }} />
        <Col xs={24}>
          <StatusSwitchField label={t('fields.status')} on={t('common:status.active')} off={t('list.inactive')} />
        </Col>
      </Row>
    </FormShell>
  );
};
