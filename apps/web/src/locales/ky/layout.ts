import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/layout';

export default {
  breadcrumbs: 'Навигациялык чынжыр',
  crumbs: {
    create: 'Түзүү',
    details: 'Толук маалымат',
    edit: 'Түзөтүү',
    report: 'Отчёт',
    roles: 'Ролдор',
  },
  forbidden: {
    text: 'Сиздин ролуңуз бул бөлүмгө кирүүгө уруксат бербейт. Керек болсо, администраторго кайрылыңыз.',
    title: 'Кирүүгө тыюу салынган',
  },
  header: {
    manager: 'Сиз {{name}} катары кирдиңиз',
  },
  loggingOut: 'Чыгуу…',
  menu: {
    accounts: 'Аккаунттар',
    auditLog: 'Аракеттер журналы',
    banners: 'Баннерлер',
    chargersList: 'Кубаттоолор',
    dashboard: 'Башкы бет',
    extractBalance: 'Баланс боюнча көчүрмө',
    heatMap: 'Жылуулук картасы',
    infrastructure: 'Инфраструктура',
    logout: 'Чыгуу',
    merchants: 'Мерчанттар',
    merchantsGroup: 'Мерчанттар',
    promoCodes: 'Промокоддор',
    promotions: 'Акциялар',
    promotionsGroup: 'Акциялар',
    rates: 'Тарифтер',
    referrals: 'Рефералдар',
    settings: 'Жөндөөлөр',
    softwareRentalPartners: 'ПК ижарасы боюнча өнөктөштөр',
    tags: 'Тегдер',
    users: 'Колдонуучулар',
    usersGroup: 'Колдонуучулар',
  },
  navigation: 'Негизги меню',
  preparing: {
    text: 'Ал панелдин кийинки версияларынын биринде пайда болот.',
    title: 'Бул бөлүм даярдалууда',
  },
  sider: {
    collapse: 'Менюну жыйноо',
    expand: 'Менюну жайып көрсөтүү',
  },
} satisfies TTranslation<typeof en>;
