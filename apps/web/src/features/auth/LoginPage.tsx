import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { login } from '@/features/auth/api';
import { AuthHeading } from '@/features/auth/AuthHeading';
import { Button } from '@/features/auth/form/Button';
import { Checkbox } from '@/features/auth/form/Checkbox';
import { Field } from '@/features/auth/form/Field';
import { LockIcon, MailIcon } from '@/features/auth/form/icons';
import { Notice } from '@/features/auth/form/Notice';
import { checkEmail, checkRequired } from '@/features/auth/form/rules';
import { PasswordInput, TextInput } from '@/features/auth/form/TextInput';
import { useForm } from '@/features/auth/form/useForm';
import { useSubmit } from '@/features/auth/useSubmit';
import { errorMessage } from '@/lib/apiError';
import { sessionStore } from '@/lib/session';

/** Navigation state another signed-out screen leaves for the login screen (e.g. 'password changed'). */
export type TLoginNotice = { notice: string };

const readNotice = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && typeof (state as TLoginNotice).notice === 'string'
    ? (state as TLoginNotice).notice
    : null;

/** Paths that make no sense to stay on once signed in. */
const LEAVE_AFTER_LOGIN = ['/logout'];

const CHECKS = { email: checkEmail, password: checkRequired('password_required') };

export const LoginPage = () => {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const notice = readNotice(state);
  const form = useForm({ initialValues: { email: '', password: '' }, checks: CHECKS });
  const [isRemembered, setRemembered] = useState(true);
  const signIn = useSubmit(login);

  const onValid = (values: { email: string; password: string }) => {
    signIn.submit({ ...values, remember: isRemembered }, async (tokens) => {
      // Leave first: the signed-in router starts at the current URL, and at /logout it would sign out again.
      if (LEAVE_AFTER_LOGIN.includes(pathname)) {
        await navigate('/', { replace: true });
      }
      // The app switches to the signed-in router (App.tsx).
      sessionStore.set(tokens);
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <AuthHeading title={t('login.title')} />
      {notice && !signIn.isError ? <Notice type="success" title={notice} /> : null}
      {signIn.isError ? <Notice type="error" title={errorMessage(signIn.error, t('common:errors.request'))} /> : null}
      <Field id="email" label={t('login.email')} error={form.errors.email}>
        <TextInput
          {...form.inputProps('email')}
          icon={<MailIcon />}
          autoComplete="username"
          inputMode="email"
          autoFocus
        />
      </Field>
      <Field id="password" label={t('login.password')} error={form.errors.password}>
        <PasswordInput {...form.inputProps('password')} icon={<LockIcon />} autoComplete="current-password" />
      </Field>
      <div className="auth-row">
        <Checkbox name="remember" checked={isRemembered} onChange={(event) => setRemembered(event.target.checked)}>
          {t('login.remember')}
        </Checkbox>
        <Link className="auth-link" to="/reset-password">
          {t('login.forgot')}
        </Link>
      </div>
      <Button variant="primary" type="submit" isLoading={signIn.isPending}>
        {t('login.submit')}
      </Button>
    </form>
  );
};
