import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/accounts';

export default {
  details: {
    blockConfirm: '{{name}} бөгөттөлсүнбү? Аккаунт мындан ары системага кире албайт.',
    blocked: 'Аккаунт бөгөттөлдү',
    title: '{{name}} аккаунту',
    unblockConfirm: '{{name}} бөгөттөн чыгарылсынбы? Аккаунт кайра системага кире алат.',
    unblocked: 'Аккаунт бөгөттөн чыгарылды',
  },
  fields: {
    birthday: 'Туулган күнү',
    createdAt: 'Түзүлгөн',
    createdBy: 'Ким түзгөн',
    email: 'Электрондук почта',
    firstName: 'Аты',
    id: 'ID',
    lastName: 'Фамилиясы',
    name: 'Аты-жөнү',
    password: 'Сырсөз',
    phone: 'Телефон',
    position: 'Кызматы',
    role: 'Ролу',
    status: 'Абалы',
    updatedAt: 'Өзгөртүлгөн',
  },
  form: {
    created: 'Аккаунт түзүлдү',
    createTitle: 'Жаңы аккаунт',
    editTitle: 'Түзөтүү: {{name}}',
    passwordKeep: 'Учурдагы сырсөздү сактоо үчүн бош калтырыңыз',
    rolePlaceholder: 'Ролду тандаңыз',
    rolesError: 'Ролдорду жүктөөдө ката кетти',
    saved: 'Өзгөртүүлөр сакталды',
  },
  list: {
    create: 'Аккаунт түзүү',
    search: 'Аты, почтасы же телефону боюнча издөө',
    title: 'Аккаунттар',
  },
} satisfies TTranslation<typeof en>;
