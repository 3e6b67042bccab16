import type { TAppSignIn } from '@zaryad/contracts/app';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSignedIn } from '@/app/RequireDriver';
import { authTexts } from '@/features/auth/texts';
import { LanguageSwitch } from '@/features/auth/LanguageSwitch';
import { api } from '@/lib/api';
import { useFailureText } from '@/lib/failure';
import { registerTexts } from '@/lib/i18n';
import { writeSession } from '@/lib/session';

registerTexts('auth', authTexts);

/** Where to go after signing in: only a path of this app (never another site). */
const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/stations');

/**
 * `/app/sign-in` (docs/product/driver-app.md#sign-in): the phone, then the 6-digit code from the SMS; a new number is
 * registered by the server. The code field takes the phone's one-time-code autofill.
 */
export const SignInPage = () => {
  const { t } = useTranslation('auth');
  const failureText = useFailureText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const [phone, setPhone] = useState('+996 ');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (step !== 'code') {
      return undefined;
    }
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [step]);

  if (signedIn) {
    return <Navigate to={safeNext(params.get('next'))} replace />;
  }

  const askCode = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ resend_after: number }>('/auth/code/', { phone });
      setStep('code');
      setResendAt(Date.now() + answer.resend_after * 1000);
      setNow(Date.now());
    } catch (failure) {
      setError(failureText(failure, 'phone'));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 'phone') {
      await askCode();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<TAppSignIn>('/auth/verify/', { phone, code: code.trim() });
      writeSession({ access: answer.access, refresh: answer.refresh });
      void navigate(safeNext(params.get('next')), { replace: true });
    } catch (failure) {
      setError(failureText(failure, 'code'));
    } finally {
      setBusy(false);
    }
  };

  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));
  return (
    <main className="sign-in">
      <div className="sign-in-brand" aria-hidden="true">
        <img src={`${import.meta.env.BASE_URL}icon.svg`} alt="" width="56" height="56" />
      </div>
      <h1>{t('title')}</h1>
      <p className="muted">{t('lead')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {step === 'phone' ? (
          <div className="field">
            <label htmlFor="phone">{t('phone')}</label>
            <input
              id="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              aria-describedby="phone-hint"
              aria-invalid={error !== null}
              required
            />
            <small id="phone-hint" className="muted">
              {t('phoneHint')}
            </small>
          </div>
        ) : (
          <>
            <p>{t('codeSentTo', { phone })}</p>
            <label className="field">
              <span>{t('code')}</span>
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                aria-invalid={error !== null}
                autoFocus
                required
              />
            </label>
          </>
        )}
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {step === 'phone' ? t('sendCode') : t('signIn')}
        </button>
        {step === 'code' ? (
          <div className="row">
            <button
              type="button"
              className="link"
              onClick={() => {
                setStep('phone');
                setCode('');
                setError(null);
              }}
            >
              {t('otherNumber')}
            </button>
            <button type="button" className="link" disabled={busy || waitSeconds > 0} onClick={() => void askCode()}>
              {waitSeconds > 0 ? t('resendIn', { seconds: waitSeconds }) : t('resend')}
            </button>
          </div>
        ) : null}
      </form>
      <LanguageSwitch label={t('language')} />
    </main>
  );
};
