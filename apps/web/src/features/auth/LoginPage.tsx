import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { zEmail, type TLoginBody } from '@zaryad/contracts';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogin } from '@/features/auth/api';
import { errorMessage } from '@/lib/apiError';
import { requiredRule, zodRule } from '@/lib/formRules';

type TLoginForm = Required<TLoginBody>;

/** Paths that make no sense to stay on once signed in. */
const LEAVE_AFTER_LOGIN = ['/logout'];

export const LoginPage = () => {
  const { t } = useTranslation(['auth', 'common']);
  const login = useLogin();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const onFinish = (values: TLoginForm) => {
    login.mutate(values, {
      onSuccess: () => {
        if (LEAVE_AFTER_LOGIN.includes(pathname)) {
          void navigate('/', { replace: true });
        }
      },
    });
  };

  return (
    <Form<TLoginForm> layout="vertical" requiredMark={false} initialValues={{ remember: true }} onFinish={onFinish}>
      <Typography.Title level={1} style={{ fontSize: 22, textAlign: 'center', marginTop: 0 }}>
        {t('login.title')}
      </Typography.Title>
      {login.isError ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(login.error, t('common:errors.request'))} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item name="email" label={t('login.email')} rules={[zodRule(zEmail())]}>
        <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[requiredRule('password_required')]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        <Link to="/reset-password">{t('login.forgot')}</Link>
      </Flex>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
};
