import type { TCar, TGender } from '@zaryad/contracts';
import type { TFunction } from 'i18next';

/** `BYD Song Plus, 2023, white`; a dash when the user gave no car. */
export const carText = (car: TCar): string =>
  [[car.make, car.model].filter(Boolean).join(' '), car.year ? String(car.year) : '', car.color]
    .filter(Boolean)
    .join(', ') || '—';

export const genderText = (t: TFunction<'users'>, gender: TGender | null): string =>
  gender ? t(`genders.${gender}`) : '—';
