import type { TTexts } from '@/lib/i18n';

export const profileTexts = {
  ru: { title: 'Профиль', phone: 'Телефон', account: 'Лицевой счёт', language: 'Язык', signOut: 'Выйти' },
  en: { title: 'Profile', phone: 'Phone', account: 'Personal account', language: 'Language', signOut: 'Sign out' },
  ky: { title: 'Профиль', phone: 'Телефон', account: 'Жеке эсеп', language: 'Тил', signOut: 'Чыгуу' },
} satisfies TTexts;
