import type { TTexts } from '@/lib/i18n';

/** The shell's words: the tabs, the states every screen shares. */
export const appTexts = {
  ru: {
    brand: 'Заряд',
    nav: { stations: 'Станции', charging: 'Зарядка', wallet: 'Кошелёк', profile: 'Профиль' },
    loading: 'Загрузка…',
    retry: 'Повторить',
    offline: 'Нет связи с сетью. Проверьте интернет и повторите.',
    failed: 'Не удалось загрузить. Повторите через минуту.',
    notFound: 'Такой страницы нет.',
    toStations: 'К станциям',
  },
  en: {
    brand: 'Zaryad',
    nav: { stations: 'Stations', charging: 'Charging', wallet: 'Wallet', profile: 'Profile' },
    loading: 'Loading…',
    retry: 'Try again',
    offline: 'No connection. Check the internet and try again.',
    failed: 'Could not load. Try again in a minute.',
    notFound: 'There is no such page.',
    toStations: 'To the stations',
  },
  ky: {
    brand: 'Заряд',
    nav: { stations: 'Станциялар', charging: 'Кубаттоо', wallet: 'Капчык', profile: 'Профиль' },
    loading: 'Жүктөлүүдө…',
    retry: 'Кайталоо',
    offline: 'Тармак менен байланыш жок. Интернетти текшерип, кайталаңыз.',
    failed: 'Жүктөө мүмкүн болбоду. Бир мүнөттөн кийин кайталаңыз.',
    notFound: 'Мындай бет жок.',
    toStations: 'Станцияларга',
  },
} satisfies TTexts;
