import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordReset } from '@/features/auth/api';
import { AuthHeading } from '@/features/auth/AuthHeading';
import { Button } from '@/features/auth/form/Button';
import { Field } from '@/features/auth/form/Field';
import { MailIcon } from '@/features/auth/form/icons';
import { Notice, Result } from '@/features/auth/form/Notice';
import { checkEmail } from '@/features/auth/form/rules';
import { TextInput } from '@/features/auth/form/TextInput';
import { useForm } from '@/features/auth/form/useForm';
import { useSubmit } from '@/features/auth/useSubmit';
import { errorMessage } from '@/lib/apiError';
import { contractMessage } from '@/lib/contractMessage';

const CHECKS = { email: checkEmail };

/** `/reset-password`: asks for the email, then shows the password recovery notice. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation(['auth', 'common']);
  const form = useForm({ initialValues: { email: '' }, checks: CHECKS });
  const request = useSubmit(requestPasswordReset);

  if (request.data) {
    return (
      <Result
        status="success"
        title={t('reset.noticeTitle')}
        text={request.data.detail || contractMessage('reset_requested')}
        extra={
          <Link className="auth-link" to="/">
            {t('reset.back')}
          </Link>
        }
      />
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => request.submit(values))}>
      <AuthHeading title={t('reset.title')} text={t('reset.text')} />
      {request.isError ? <Notice type="error" title={errorMessage(request.error, t('common:errors.request'))} /> : null}
      <Field id="email" label={t('reset.email')} error={form.errors.email}>
        <TextInput {...form.inputProps('email')} icon={<MailIcon />} autoComplete="email" inputMode="email" autoFocus />
      </Field>
      <Button variant="primary" type="submit" isLoading={request.isPending}>
        {t('reset.submit')}
      </Button>
      <p className="auth-footer">
        <Link className="auth-link" to="/">
          {t('reset.back')}
        </Link>
      </p>
    </form>
  );
};
