import { MailOutlined } from '@ant-design/icons';
import { zEmail, type TPasswordResetRequestBody } from '@zaryad/contracts';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '@/features/auth/api';
import { errorMessage } from '@/lib/apiError';
import { contractMessage } from '@/lib/i18n';
import { zodRule } from '@/lib/formRules';

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
    <Form<TPasswordResetRequestBody> layout="vertical" requiredMark={false} onFinish={(values) => request.mutate(values)}>
      <Typography.Title level={1} style={{ fontSize: 22, textAlign: 'center', marginTop: 0 }}>
        {t('reset.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('reset.text')}</Typography.Paragraph>
      {request.isError ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(request.error, t('common:errors.request'))} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item name="email" label={t('reset.email')} rules={[zodRule(zEmail())]}>
        <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
        {t('reset.submit')}
      </Button>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <Link to="/">{t('reset.back')}</Link>
      </Typography.Paragraph>
    </Form>
  );
};
