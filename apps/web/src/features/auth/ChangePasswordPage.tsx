import { LIMITS } from '@zaryad/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { confirmPasswordReset } from '@/features/auth/api';
import { AuthHeading } from '@/features/auth/AuthHeading';
import { Button } from '@/features/auth/form/Button';
import { CopyableCode } from '@/features/auth/form/CopyableCode';
import { Field } from '@/features/auth/form/Field';
import { KeyIcon } from '@/features/auth/form/icons';
import { Notice, Result } from '@/features/auth/form/Notice';
import { checkNewPassword, checkSameAs } from '@/features/auth/form/rules';
import { PasswordInput } from '@/features/auth/form/TextInput';
import { useForm } from '@/features/auth/form/useForm';
import { generatePassword } from '@/features/auth/generatePassword';
import type { TLoginNotice } from '@/features/auth/LoginPage';
import { useSubmit } from '@/features/auth/useSubmit';
import { errorMessage } from '@/lib/apiError';

type TChangePasswordForm = { password: string; password_confirm: string };

const CHECKS = {
  password: checkNewPassword,
  password_confirm: checkSameAs<TChangePasswordForm>((values) => values.password),
};
// A new password checks the confirmation again, once the confirmation was touched (antd's `dependencies`).
const DEPENDENTS = { password: ['password_confirm' as const] };

/** `/change-password?token=...`: the mailed recovery link lands here to set a new password. */
export const ChangePasswordPage = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return token ? <NewPasswordForm token={token} /> : <MissingToken />;
};

const MissingToken = () => {
  const { t } = useTranslation('auth');
  return (
    <Result
      status="warning"
      title={t('change.title')}
      text={t('change.missingToken')}
      extra={
        <Link className="auth-link" to="/reset-password">
          {t('change.requestNew')}
        </Link>
      }
    />
  );
};

const NewPasswordForm = ({ token }: { token: string }) => {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const form = useForm<TChangePasswordForm>({
    initialValues: { password: '', password_confirm: '' },
    checks: CHECKS,
    dependents: DEPENDENTS,
  });
  const [generated, setGenerated] = useState<string | null>(null);
  const confirm = useSubmit(confirmPasswordReset);

  const onGenerate = () => {
    const password = generatePassword();
    setGenerated(password);
    form.setValues({ password, password_confirm: password });
  };

  const onValid = (values: TChangePasswordForm) => {
    confirm.submit({ token, ...values }, async (answer) => {
      const notice: TLoginNotice = { notice: answer.detail || t('change.done') };
      await navigate('/', { replace: true, state: notice });
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <AuthHeading title={t('change.title')} text={t('change.text', { min: LIMITS.passwordMin })} />
      {confirm.isError ? <Notice type="error" title={errorMessage(confirm.error, t('common:errors.request'))} /> : null}
      <Field id="password" label={t('change.password')} error={form.errors.password}>
        <PasswordInput {...form.inputProps('password')} autoComplete="new-password" />
      </Field>
      <Field id="password_confirm" label={t('change.confirm')} error={form.errors.password_confirm}>
        <PasswordInput {...form.inputProps('password_confirm')} autoComplete="new-password" />
      </Field>
      <div className="auth-stack">
        <Button icon={<KeyIcon />} onClick={onGenerate}>
          {t('change.generate')}
        </Button>
        {/* Shown while the field holds it: a password typed over it is not the one to save. */}
        {generated && form.values.password === generated ? (
          <Notice type="info" hasIcon={false} title={t('change.generated')}>
            <CopyableCode text={generated} data-testid="generated-password" />
          </Notice>
        ) : null}
        <Button variant="primary" type="submit" isLoading={confirm.isPending}>
          {t('change.submit')}
        </Button>
      </div>
    </form>
  );
};
