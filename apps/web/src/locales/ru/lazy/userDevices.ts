import type en from '@/locales/en/lazy/userDevices';
import type { TTranslation } from '@/locales/types';

export default {
  title: 'Устройства',
  loadError: 'Не удалось загрузить устройства',
  columns: {
    platform: 'Платформа',
    version: 'Версия приложения',
    device: 'Устройство',
    signedIn: 'Вход',
    lastSeen: 'Последняя активность',
    status: 'Статус',
  },
  platforms: {
    ios: 'iOS',
    android: 'Android',
    web: 'Веб',
    unknown: 'Неизвестно',
  },
  status: {
    active: 'Вход выполнен',
    ended: 'Выход {{date}}',
  },
  empty: {
    title: 'Устройств нет',
    text: 'Этот пользователь ещё не входил в приложение.',
  },
} satisfies TTranslation<typeof en>;
