import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/layout';

export default {
  breadcrumbs: 'Навигационная цепочка',
  crumbs: {
    create: 'Создание',
    details: 'Подробности',
    edit: 'Редактирование',
    report: 'Отчёт',
    roles: 'Роли',
  },
  forbidden: {
    text: 'Ваша роль не даёт доступа к этому разделу. Если он вам нужен, обратитесь к администратору.',
    title: 'Доступ запрещён',
  },
  header: {
    manager: 'Вы вошли как {{name}}',
  },
  loggingOut: 'Выход…',
  menu: {
    accounts: 'Аккаунты',
    auditLog: 'Журнал действий',
    banners: 'Баннеры',
    chargersList: 'Зарядки',
    dashboard: 'Главная',
    extractBalance: 'Выписка по балансу',
    heatMap: 'Тепловая карта',
    infrastructure: 'Инфраструктура',
    logout: 'Выйти',
    merchants: 'Мерчанты',
    merchantsGroup: 'Мерчанты',
    promoCodes: 'Промокоды',
    promotions: 'Акции',
    promotionsGroup: 'Акции',
    rates: 'Тарифы',
    referrals: 'Рефералы',
    settings: 'Настройки',
    softwareRentalPartners: 'Партнёры по аренде ПО',
    tags: 'Теги',
    users: 'Пользователи',
    usersGroup: 'Пользователи',
  },
  navigation: 'Главное меню',
  preparing: {
    text: 'Он появится в одной из следующих версий панели.',
    title: 'Этот раздел готовится',
  },
  sider: {
    collapse: 'Свернуть меню',
    expand: 'Развернуть меню',
  },
} satisfies TTranslation<typeof en>;
