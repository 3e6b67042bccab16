import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/accounts';

export default {
  details: {
    blockConfirm: 'Заблокировать {{name}}? Аккаунт больше не сможет войти в систему.',
    blocked: 'Аккаунт заблокирован',
    title: 'Аккаунт {{name}}',
    unblockConfirm: 'Разблокировать {{name}}? Аккаунт снова сможет входить в систему.',
    unblocked: 'Аккаунт разблокирован',
  },
  fields: {
    birthday: 'Дата рождения',
    createdAt: 'Создан',
    createdBy: 'Кем создан',
    email: 'Электронная почта',
    firstName: 'Имя',
    id: 'ID',
    lastName: 'Фамилия',
    name: 'ФИО',
    password: 'Пароль',
    phone: 'Телефон',
    position: 'Должность',
    role: 'Роль',
    status: 'Статус',
    updatedAt: 'Изменён',
  },
  form: {
    created: 'Аккаунт создан',
    createTitle: 'Новый аккаунт',
    editTitle: 'Редактирование: {{name}}',
    passwordKeep: 'Оставьте пустым, чтобы сохранить текущий пароль',
    rolePlaceholder: 'Выберите роль',
    rolesError: 'Ошибка загрузки ролей',
    saved: 'Изменения сохранены',
  },
  list: {
    create: 'Создать аккаунт',
    search: 'Поиск по имени, почте или телефону',
    title: 'Аккаунты',
  },
} satisfies TTranslation<typeof en>;
