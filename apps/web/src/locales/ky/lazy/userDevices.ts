import type en from '@/locales/en/lazy/userDevices';
import type { TTranslation } from '@/locales/types';

export default {
  title: 'Түзмөктөр',
  loadError: 'Түзмөктөрдү жүктөө мүмкүн болгон жок',
  columns: {
    platform: 'Платформа',
    version: 'Тиркеменин версиясы',
    device: 'Түзмөк',
    signedIn: 'Кирген убакыт',
    lastSeen: 'Акыркы активдүүлүк',
    status: 'Абалы',
  },
  platforms: {
    ios: 'iOS',
    android: 'Android',
    web: 'Веб',
    unknown: 'Белгисиз',
  },
  status: {
    active: 'Кирген',
    ended: 'Чыккан: {{date}}',
  },
  empty: {
    title: 'Түзмөктөр жок',
    text: 'Бул колдонуучу тиркемеге азырынча кире элек.',
  },
} satisfies TTranslation<typeof en>;
