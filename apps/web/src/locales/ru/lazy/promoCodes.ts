import type en from '@/locales/en/lazy/promoCodes';

const texts: typeof en = {
  states: {
    deactivated: 'Деактивирован',
    expired: 'Истёк',
    unused: 'Не использован',
    used: 'Использован',
  },
  code: 'Код',
  count: 'Количество',
  deactivate: 'Деактивировать ({{count}})',
  deactivated: 'Деактивировано: {{count}}',
  deactivateConfirm: 'Деактивировать коды ({{count}})? Водители больше не смогут их применить; отменить это нельзя.',
  deactivateOk: 'Деактивировать',
  cancel: 'Отмена',
  empty: 'Промокодов пока нет',
  generate: 'Сгенерировать коды',
  generated: 'Сгенерировано кодов: {{count}}',
  length: 'Символов после префикса',
  limits: 'Лимиты: всего {{total}}, на пользователя {{perUser}}',
  perUserLimit: 'Использований на пользователя',
  period: 'Действует с – по (время Бишкека)',
  prefix: 'Префикс',
  promotion: 'Акция',
  redeem: {
    hint: 'Код, который получил водитель; действуют те же правила, что и в приложении.',
    submit: 'Применить',
    success: 'Промокод {{code}} применён для пользователя {{name}}',
    title: 'Промокод для пользователя {{name}}',
  },
  required: 'Обязательное поле.',
  search: 'Поиск по коду',
  state: 'Состояние',
  title: 'Промокоды',
  totalLimit: 'Всего использований',
  uses: 'Использования',
  validity: 'Действует',
};

export default texts;
