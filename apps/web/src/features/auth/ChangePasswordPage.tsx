import { KeyOutlined } from '@ant-design/icons';
import { LIMITS, zPassword } from '@zaryad/contracts';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfirmPasswordReset } from '@/features/auth/api';
import { AuthHeading } from '@/features/auth/AuthHeading';
import { generatePassword } from '@/features/auth/generatePassword';
import type { TLoginNotice } from '@/features/auth/LoginPage';
import { errorMessage } from '@/lib/apiError';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

type TChangePasswordForm = { password: string; password_confirm: string };

/** `/change-password?token=...`: the mailed recovery link lands here to set a new password. */
export const ChangePasswordPage = () => {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [form] = Form.useForm<TChangePasswordForm>();
  const [generated, setGenerated] = useState<string | null>(null);
  const confirm = useConfirmPasswordReset();

  if (!token) {
    return (
      <Result
        status="warning"
        title={t('change.title')}
        subTitle={t('change.missingToken')}
        extra={<Link to="/reset-password">{t('change.requestNew')}</Link>}
        style={{ padding: 0 }}
      />
    );
  }

  const onGenerate = () => {
    const password = generatePassword();
    setGenerated(password);
    form.setFieldsValue({ password, password_confirm: password });
    void form.validateFields(['password', 'password_confirm']);
  };

  const onFinish = (values: TChangePasswordForm) => {
    confirm.mutate(
      { token, ...values },
      {
        onSuccess: (answer) => {
          const notice: TLoginNotice = { notice: answer.detail || t('change.done') };
          void navigate('/', { replace: true, state: notice });
        },
      },
    );
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
      <AuthHeading title={t('change.title')} text={t('change.text', { min: LIMITS.passwordMin })} />
      {confirm.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(confirm.error, t('common:errors.request'))}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item name="password" label={t('change.password')} rules={[zodRule(zPassword())]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirm"
        label={t('change.confirm')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value !== getFieldValue('password')) {
                throw new Error(contractMessage('password_mismatch'));
              }
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button icon={<KeyOutlined />} block onClick={onGenerate} style={{ marginBottom: 16 }}>
        {t('change.generate')}
      </Button>
      {generated ? (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          title={t('change.generated')}
          description={
            <Typography.Text code copyable data-testid="generated-password">
              {generated}
            </Typography.Text>
          }
        />
      ) : null}
      <Button type="primary" htmlType="submit" block size="large" loading={confirm.isPending}>
        {t('change.submit')}
      </Button>
    </Form>
  );
};
