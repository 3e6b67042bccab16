import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { readSession, writeSession } from '@/lib/session';
import { fakeApi, json, renderApp } from '@/test/render';

const PROFILE = {
  id: 12,
  personal_account: '100012',
  phone: '996555123456',
  name: 'Айгуль',
  email: '',
  gender: null,
  birthday: null,
  car: { make: 'BYD', model: 'Han', year: null, color: '' },
  driver_licence: '',
  language: 'ru',
  referral_code: 'AIGUL7',
  balance: '0.00',
  registered_at: '2026-11-01T10:00:00Z',
};

beforeEach(() => {
  writeSession({ access: 'a1', refresh: 'r1' });
});

afterEach(async () => {
  // Unmounted first: the profile keeps a language chosen on it, and going back to Russian is no driver's choice.
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('ru');
});

test('the details are saved with PATCH /me/; a refused field shows the server words beside it', async () => {
  const calls = fakeApi((url, init) => {
    if (url.pathname !== '/api/app/v1/me/') {
      return undefined;
    }
    if (init?.method !== 'PATCH') {
      return json(200, PROFILE);
    }
    const body = JSON.parse(String(init.body)) as { car: { year: unknown }; email: string };
    if (body.car.year === 1800 || body.email === 'нет') {
      return json(400, {
        ...(body.car.year === 1800 && { 'car.year': ['Не меньше 1950.'] }),
        ...(body.email === 'нет' && { email: ['Введите правильный адрес эл. почты.'] }),
      });
    }
    return json(200, { ...PROFILE, ...body, car: { ...PROFILE.car, ...(body.car as object) } });
  });
  const user = userEvent.setup();
  renderApp('/profile');
  const name = await screen.findByRole('textbox', { name: 'Имя' });
  expect((name as HTMLInputElement).value).toBe('Айгуль');
  const email = screen.getByRole('textbox', { name: 'Эл. почта' });
  const year = screen.getByRole('textbox', { name: 'Год выпуска' });
  await user.type(email, 'нет');
  await user.type(year, '1800');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(year.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(year.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Не меньше 1950.');
  expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Введите правильный адрес эл. почты.',
  );

  await user.clear(email);
  await user.type(email, 'aigul@example.kg');
  await user.clear(year);
  await user.type(year, '2022');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Пол' }), 'Женский');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Данные сохранены.')).toBeTruthy();
  const patch = calls.filter((call) => call.init?.method === 'PATCH').at(-1);
  expect(JSON.parse(String(patch?.init?.body))).toEqual({
    name: 'Айгуль',
    email: 'aigul@example.kg',
    gender: 'female',
    birthday: null,
    car: { make: 'BYD', model: 'Han', year: 2022, color: '' },
    driver_licence: '',
  });
});

test('the referral code is shared through the phone sheet, or copied where there is none', async () => {
  fakeApi((url) => (url.pathname === '/api/app/v1/me/' ? json(200, PROFILE) : undefined));
  // happy-dom has no navigator.share; user-event puts its own clipboard on the page.
  const user = userEvent.setup();
  renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Скопировать' }));
  expect(await screen.findByText('Код скопирован.')).toBeTruthy();
  expect(await navigator.clipboard.readText()).toBe('AIGUL7');
});

test('the referral code goes to navigator.share when the phone has it', async () => {
  fakeApi((url) => (url.pathname === '/api/app/v1/me/' ? json(200, PROFILE) : undefined));
  const share = vi.fn(async () => undefined);
  vi.stubGlobal('navigator', { ...navigator, share });
  const user = userEvent.setup();
  renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Поделиться' }));
  expect(share).toHaveBeenCalledWith({
    title: 'Пригласите друга',
    text: 'Заряжайте электромобиль с «Заряд»! Мой код приглашения: AIGUL7',
  });
});

test('deleting the account waits for the typed word, then signs the driver out', async () => {
  const calls = fakeApi((url, init) => {
    if (url.pathname === '/api/app/v1/me/') {
      return init?.method === 'DELETE' ? json(200, { detail: 'Аккаунт удалён.' }) : json(200, PROFILE);
    }
    return undefined;
  });
  const user = userEvent.setup();
  const router = renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Удалить аккаунт' }));
  const confirm = screen.getByRole('button', { name: 'Удалить навсегда' });
  expect(confirm).toHaveProperty('disabled', true);
  const word = screen.getByRole('textbox', { name: 'Чтобы подтвердить, введите слово УДАЛИТЬ' });
  await user.type(word, 'удали');
  expect(confirm).toHaveProperty('disabled', true);
  await user.type(word, 'ть');
  expect(confirm).toHaveProperty('disabled', false);
  await user.click(confirm);
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/sign-in'));
  expect(readSession()).toBeNull();
  expect(calls.filter((call) => call.init?.method === 'DELETE')).toHaveLength(1);
});

test('a language chosen on the profile is kept on the account; opening the profile changes nothing', async () => {
  const calls = fakeApi((url, init) => {
    if (url.pathname === '/api/app/v1/me/') {
      return init?.method === 'PATCH' ? json(200, { ...PROFILE, language: 'en' }) : json(200, PROFILE);
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderApp('/profile');
  await screen.findByRole('textbox', { name: 'Имя' });
  expect(calls.some((call) => call.init?.method === 'PATCH')).toBe(false);
  await user.click(screen.getByRole('radio', { name: 'English' }));
  expect(await screen.findByRole('textbox', { name: 'Name' })).toBeTruthy();
  await waitFor(() => expect(calls.filter((call) => call.init?.method === 'PATCH')).toHaveLength(1));
  expect(JSON.parse(String(calls.find((call) => call.init?.method === 'PATCH')?.init?.body))).toEqual({ language: 'en' });
});
