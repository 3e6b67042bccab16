import type { TAppProfile } from '@zaryad/contracts/app';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveProfile, type TProfileChanges } from '@/features/profile/api';
import { fieldErrorOf, namesAField, useFailureText } from '@/lib/failure';

const FIELDS = [
  'name',
  'email',
  'gender',
  'birthday',
  'car.make',
  'car.model',
  'car.year',
  'car.color',
  'driver_licence',
] as const;
type TField = (typeof FIELDS)[number];

type TDraft = {
  name: string;
  email: string;
  gender: string;
  birthday: string;
  make: string;
  model: string;
  year: string;
  color: string;
  licence: string;
};

const draftOf = (profile: TAppProfile): TDraft => ({
  name: profile.name,
  email: profile.email,
  gender: profile.gender ?? '',
  birthday: profile.birthday ?? '',
  make: profile.car.make,
  model: profile.car.model,
  year: profile.car.year === null ? '' : String(profile.car.year),
  color: profile.car.color,
  licence: profile.driver_licence,
});

/** A year as a number when it reads as one; else as typed, so that the server's message says what is wrong. */
const yearOf = (typed: string): number | string | null => {
  const text = typed.trim();
  return text === '' ? null : /^\d+$/.test(text) ? Number(text) : text;
};

const changesOf = (draft: TDraft): TProfileChanges => ({
  name: draft.name.trim(),
  email: draft.email.trim(),
  gender: draft.gender === 'male' || draft.gender === 'female' ? draft.gender : null,
  birthday: draft.birthday === '' ? null : draft.birthday,
  car: { make: draft.make.trim(), model: draft.model.trim(), year: yearOf(draft.year), color: draft.color.trim() },
  driver_licence: draft.licence.trim(),
});

/** The driver's details (PATCH /me/), each field's error beside it as the server words it. */
export const ProfileForm = ({ profile }: { profile: TAppProfile }) => {
  const { t } = useTranslation('profile');
  const failureText = useFailureText();
  const save = useSaveProfile();
  const [draft, setDraft] = useState(() => draftOf(profile));

  const set = (key: keyof TDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(changesOf(draft));
  };

  const field = (name: TField, label: string, control: (props: { id: string; invalid: boolean; describedBy?: string }) => ReactNode) => {
    const id = `profile-${name.replace('.', '-')}`;
    const message = fieldErrorOf(save.error, name);
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {control({ id, invalid: message !== undefined, describedBy: message ? `${id}-error` : undefined })}
        {message ? (
          <span id={`${id}-error`} className="error">
            {message}
          </span>
        ) : null}
      </div>
    );
  };
  const text = (name: TField, key: keyof TDraft, label: string, extra: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' } = {}) =>
    field(name, label, ({ id, invalid, describedBy }) => (
      <input
        id={id}
        type={extra.type ?? 'text'}
        value={draft[key]}
        onChange={(event) => set(key)(event.target.value)}
        autoComplete={extra.autoComplete ?? 'off'}
        inputMode={extra.inputMode}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      />
    ));

  return (
    <form className="section-box" onSubmit={submit} noValidate aria-labelledby="details-title">
      <h2 id="details-title">{t('details.title')}</h2>
      {text('name', 'name', t('details.name'), { autoComplete: 'name' })}
      {text('email', 'email', t('details.email'), { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {field('gender', t('details.gender'), ({ id, invalid, describedBy }) => (
        <select
          id={id}
          value={draft.gender}
          onChange={(event) => set('gender')(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          <option value="">{t('details.genderNone')}</option>
          <option value="male">{t('details.male')}</option>
          <option value="female">{t('details.female')}</option>
        </select>
      ))}
      {text('birthday', 'birthday', t('details.birthday'), { type: 'date', autoComplete: 'bday' })}
      <fieldset className="form-group">
        <legend>{t('details.car')}</legend>
        {text('car.make', 'make', t('details.make'))}
        {text('car.model', 'model', t('details.model'))}
        {text('car.year', 'year', t('details.year'), { inputMode: 'numeric' })}
        {text('car.color', 'color', t('details.color'))}
      </fieldset>
      {text('driver_licence', 'licence', t('details.licence'))}
      {save.isError && !namesAField(save.error, FIELDS) ? (
        <p className="error" role="alert">
          {failureText(save.error)}
        </p>
      ) : save.isSuccess ? (
        <p className="ok-text" role="status">
          {t('details.saved')}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {t('details.save')}
      </button>
    </form>
  );
};
