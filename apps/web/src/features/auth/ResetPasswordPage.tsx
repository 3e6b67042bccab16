import { MailOutlined } from '@ant-design/icons';
import type { TPasswordResetRequestBody } from '@zaryad/contracts';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '@/features/auth/api';
import { AuthHeading } from '@/features/auth/AuthHeading';
import { errorMessage } from '@/lib/apiError';
import { contractMessage } from '@/lib/contractMessage';
import { emailRules } from '@/lib/formRules';

/** `/reset-password`: asks for the email, then shows the password recovery notice. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation(['auth', 'common']);
  const request = useRequestPasswordReset();

  if (request.isSuccess) {
    return (
      <Result
        status="success"
        title={t('reset.noticeTitle')}
        subTitle={request.data.detail || contractMessage('reset_requested')}
        extra={<Link to="/">{t('reset.back')}</Link>}
        style={{ padding: 0 }}
      />
    );
  }

  return (
    <Form<TPasswordResetRequestBody>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => request.mutate(values)}
    >
      <AuthHeading title={t('reset.title')} text={t('reset.text')} />
      {request.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(request.error, t('common:errors.request'))}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item name="email" label={t('reset.email')} rules={emailRules()}>
        <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
        {t('reset.submit')}
      </Button>
      <p style={{ textAlign: 'center', margin: '16px 0 0' }}>
        <Link to="/">{t('reset.back')}</Link>
      </p>
    </Form>
  );
};
