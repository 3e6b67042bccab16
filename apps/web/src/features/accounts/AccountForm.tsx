import { LIMITS, zPassword, type TAccount } from '@zaryad/contracts';
import { Alert, Col, DatePicker, Form, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormShell } from '@/components/form-shell/FormShell';
import { EmailField, PhoneField, TextField } from '@/components/form-fields/FormFields';
import { useRoles } from '@/features/accounts/api';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';
import { PasswordInput } from '@/components/password-input/PasswordInput';

export type TAccountFormValues = {
  role?: number;
  last_name: string;
  first_name: string;
  phone: string;
  email: string;
  position: string;
  birthday: Dayjs | null;
  password: string;
};

export type TAccountFormProps = {
  account?: TAccount;
  /** Resolves when saved; rejects with the API error, which the form shows on its fields. */
  onSubmit: (values: TAccountFormValues) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
};

const toFormValues = (account: TAccount | undefined): TAccountFormValues => ({
  role: account?.role.id,
  last_name: account?.last_name ?? '',
  first_name: account?.first_name ?? '',
  phone: account?.phone ?? '',
  email: account?.email ?? '',
  position: account?.position ?? '',
  birthday: account?.birthday ? dayjs(account.birthday) : null,
  password: '',
});

// On edit an empty password keeps the current one; anything typed must pass the contract's rule.
const optionalPassword = {
  safeParse: (value: unknown) => (value === '' ? { success: true as const } : zPassword().safeParse(value)),
};

/** Create and edit form of a dashboard account (docs/product/accounts.md#3-records: role, names, phone, email, position, birthday, password). */
export const AccountForm = ({ account, onSubmit, onSaved, onCancel }: TAccountFormProps) => {
  const { t } = useTranslation(['accounts', 'common']);
  const [form] = Form.useForm<TAccountFormValues>();
  const roles = useRoles();
  const isEdit = account !== undefined;

  return (
    <FormShell<TAccountFormValues, unknown>
      form={form}
      initialValues={toFormValues(account)}
      isEdit={isEdit}
      onSubmit={onSubmit}
      onSaved={onSaved}
      onCancel={onCancel}
      formProps={{ style: { maxWidth: 880 } }}
    >
      {roles.isError ? (
        <Alert type="error" showIcon role="alert" title={t('form.rolesError')} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="role"
            label={t('fields.role')}
            rules={[{ required: true, message: contractMessage('role_invalid') }]}
          >
            <Select
              placeholder={t('form.rolePlaceholder')}
              loading={roles.isLoading}
              disabled={roles.isError}
              options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
            />
          </Form.Item>
        </Col>
        <TextField name="position" label={t('fields.position')} limit={LIMITS.position} />
        <TextField
          name="last_name"
          label={t('fields.lastName')}
          limit={LIMITS.personName}
          isRequired
          autoComplete="family-name"
        />
        <TextField
          name="first_name"
          label={t('fields.firstName')}
          limit={LIMITS.personName}
          isRequired
          autoComplete="given-name"
        />
        <PhoneField label={t('fields.phone')} />
        <EmailField label={t('fields.email')} />
        <Col xs={24} md={12}>
          <Form.Item name="birthday" label={t('fields.birthday')}>
            <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs())} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('fields.password')}
            extra={isEdit ? t('form.passwordKeep') : undefined}
            rules={[zodRule(isEdit ? optionalPassword : zPassword())]}
            required={!isEdit}
          >
            <PasswordInput autoComplete="new-password" maxLength={LIMITS.passwordMax} />
          </Form.Item>
        </Col>
      </Row>
    </FormShell>
  );
};
