import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { TLoginBody } from '@zaryad/contracts';
import { Alert, Button, Checkbox, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogin } from '@/features/auth/api';
import { AuthHeading } from '@/features/auth/AuthHeading';
import { errorMessage } from '@/lib/apiError';
import { emailRules, requiredRule } from '@/lib/formRules';

type TLoginForm = Required<TLoginBody>;

/** Navigation state another signed-out screen leaves for the login screen (e.g. 'password changed'). */
export type TLoginNotice = { notice: string };

const readNotice = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && typeof (state as TLoginNotice).notice === 'string'
    ? (state as TLoginNotice).notice
    : null;

/** Paths that make no sense to stay on once signed in. */
const LEAVE_AFTER_LOGIN = ['/logout'];

export const LoginPage = () => {
  const { t } = useTranslation(['auth', 'common']);
  const login = useLogin();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const notice = readNotice(state);

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
      <AuthHeading title={t('login.title')} />
      {notice && !login.isError ? <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
      {login.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(login.error, t('common:errors.request'))}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item name="email" label={t('login.email')} rules={emailRules()}>
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
