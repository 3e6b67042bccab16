import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from '@/features/profile/api';
import { useFailureText } from '@/lib/failure';

/**
 * Deleting the account (DELETE /me/) cannot be undone: it opens a warning first, and the button waits for the word
 * typed out, in the app's language.
 */
export const DeleteAccount = () => {
  const { t } = useTranslation('profile');
  const failureText = useFailureText();
  const remove = useDeleteAccount();
  const [isOpen, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const word = t('remove.word');
  const isConfirmed = typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();

  if (!isOpen) {
    return (
      <button type="button" className="button button-destroy-outline" onClick={() => setOpen(true)}>
        {t('remove.open')}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isConfirmed) {
      remove.mutate();
    }
  };
  return (
    <form className="section-box section-box-danger" onSubmit={submit} aria-labelledby="remove-title">
      <h2 id="remove-title">{t('remove.title')}</h2>
      <p>{t('remove.warning')}</p>
      <label className="field">
        <span>{t('remove.prompt', { word })}</span>
        <input value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />
      </label>
      {remove.isError ? (
        <p className="error" role="alert">
          {failureText(remove.error)}
        </p>
      ) : null}
      <span className="row">
        <button type="submit" className="button button-destroy" disabled={!isConfirmed || remove.isPending}>
          {t('remove.confirm')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setOpen(false);
            setTyped('');
          }}
        >
          {t('remove.cancel')}
        </button>
      </span>
    </form>
  );
};
