import { LIMITS, ZRentalPartnerCreateBody, type TRentalPartner } from '@zaryad/contracts';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormShell } from '@/components';
import { EmailField, PhoneField, TextField } from '@/components/form-fields/FormFields';
import {
  endDateRule,
  isEndBeforeStart,
  toPartnerFormValues,
  type TPartnerFormValues,
} from '@/features/partners/partnerForm';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

// The contract's own field schemas: the screen checks lengths and the percentage exactly as the server does.
const FIELDS = ZRentalPartnerCreateBody.shape;
const LEGAL_ENTITY_MAX = 200;
const DATE_FORMAT = 'DD.MM.YYYY';

export type TPartnerFormProps = {
  partner?: TRentalPartner;
  /** Resolves when saved; rejects with the API error, which the form shows on its fields. */
  onSubmit: (values: TPartnerFormValues) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
};

/** A partner contract: company, contacts, agreement number, percentage (0–100) and period (end not before start). */
export const PartnerForm = ({ partner, onSubmit, onSaved, onCancel }: TPartnerFormProps) => {
  const { t } = useTranslation(['partners', 'common']);
  const [form] = Form.useForm<TPartnerFormValues>();
  const startDate = Form.useWatch('start_date', form);

  return (
    <FormShell<TPartnerFormValues, unknown>
      form={form}
      initialValues={toPartnerFormValues(partner)}
      isEdit={partner !== undefined}
      onSubmit={onSubmit}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('fields.name')} rules={[zodRule(FIELDS.name)]} required>
            <Input maxLength={LIMITS.name} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="legal_entity"
            label={t('fields.legalEntity')}
            rules={[zodRule(FIELDS.legal_entity)]}
            required
          >
            <Input maxLength={LEGAL_ENTITY_MAX} />
          </Form.Item>
        </Col>
        <TextField name="contact_person" label={t('fields.contactPerson')} limit={LIMITS.name} />
        <PhoneField label={t('fields.phone')} />
        <EmailField label={t('fields.email')} />
        <Col xs={24} md={12}>
          <Form.Item
            name="agreement_number"
            label={t('fields.agreementNumber')}
            rules={[zodRule(FIELDS.agreement_number)]}
            required
          >
            <Input maxLength={LIMITS.agreementNumber} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="percentage" label={t('fields.percentage')} rules={[zodRule(FIELDS.percentage)]} required>
            <Input inputMode="decimal" maxLength={6} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} />
        <Col xs={24} md={12}>
          <Form.Item
            name="start_date"
            label={t('fields.startDate')}
            rules={[{ required: true, message: contractMessage('required') }]}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="end_date" label={t('fields.endDate')} dependencies={['start_date']} rules={[endDateRule()]}>
            <DatePicker
              format={DATE_FORMAT}
              style={{ width: '100%' }}
              placeholder={t('form.endOpen')}
              disabledDate={(day: Dayjs) => isEndBeforeStart(startDate, day)}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormShell>
  );
};
