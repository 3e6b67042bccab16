import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { TCheck } from '@/features/auth/form/rules';

type TValues = Record<string, string>;
type TChecks<TForm extends TValues> = { [K in keyof TForm]?: TCheck<string, TForm> };
/** Message keys of the fields that failed their check. */
type TErrors<TForm extends TValues> = Partial<Record<keyof TForm, string>>;

type TFormState<TForm extends TValues> = {
  values: TForm;
  errors: TErrors<TForm>;
  /** Fields checked from now on: changed by the user, or all of them once a submit was tried (antd's way). */
  touched: ReadonlySet<keyof TForm>;
};

type TFormOptions<TForm extends TValues> = {
  initialValues: TForm;
  checks: TChecks<TForm>;
  /** Fields to check again when another one changes (antd's `dependencies`): the confirmation follows the password. */
  dependents?: { [K in keyof TForm]?: Array<keyof TForm> };
};

/**
 * The text fields of a signed-out form, checked as antd's Form checks them: nothing before the first change or
 * submit, then on each change and blur of the field. A field's id is its name, so its message is
 * `<name>-error`. Errors are message keys, rendered by the screen in the current language, so they follow a
 * language switch.
 */
export const useForm = <TForm extends TValues>({ initialValues, checks, dependents = {} }: TFormOptions<TForm>) => {
  const [state, setState] = useState<TFormState<TForm>>(() => ({
    values: initialValues,
    errors: {},
    touched: new Set(),
  }));
  // Handlers read and write the latest state synchronously: a submit right after a change sees the change.
  const stateRef = useRef(state);
  const commit = (next: TFormState<TForm>) => {
    stateRef.current = next;
    setState(next);
  };

  const recheck = (current: TFormState<TForm>, names: Array<keyof TForm>): TErrors<TForm> => {
    const errors = { ...current.errors };
    for (const name of names) {
      const message = checks[name]?.(current.values[name] ?? '', current.values) ?? null;
      if (message) {
        errors[name] = message;
      } else {
        delete errors[name];
      }
    }
    return errors;
  };

  /** Puts values in (typed or generated) and checks them, with the touched fields that depend on them. */
  const setValues = (changed: Partial<TForm>) => {
    const current = stateRef.current;
    const names = Object.keys(changed) as Array<keyof TForm>;
    const touched = new Set([...current.touched, ...names]);
    const next = { values: { ...current.values, ...changed }, errors: current.errors, touched };
    const followers = names.flatMap((name) => dependents[name] ?? []).filter((name) => touched.has(name));
    commit({ ...next, errors: recheck(next, [...new Set([...names, ...followers])]) });
  };

  const blur = (name: keyof TForm) => {
    const current = stateRef.current;
    if (current.touched.has(name)) {
      commit({ ...current, errors: recheck(current, [name]) });
    }
  };

  /** The form's submit handler: checks every field, then either sends or moves focus to the first refused one. */
  const handleSubmit = (onValid: (values: TForm) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const current = stateRef.current;
    const names = Object.keys(checks) as Array<keyof TForm>;
    const errors = recheck(current, names);
    commit({ ...current, errors, touched: new Set(names) });
    const firstInvalid = names.find((name) => errors[name]);
    if (firstInvalid === undefined) {
      onValid(current.values);
      return;
    }
    event.currentTarget.querySelector<HTMLElement>(`[id="${String(firstInvalid)}"]`)?.focus();
  };

  /** Props of the input for `name`: value, handlers, id and the ARIA that ties it to its message. */
  const inputProps = (name: keyof TForm & string) => {
    const error = state.errors[name];
    return {
      id: name,
      name,
      value: state.values[name] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValues({ [name]: event.target.value } as Partial<TForm>);
      },
      onBlur: () => blur(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${name}-error` : undefined,
    };
  };

  return { values: state.values, errors: state.errors, setValues, handleSubmit, inputProps };
};
