import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/common';

export default {
  appName: 'Заряд',
  actions: {
    back: 'Назад',
    block: 'Заблокировать',
    cancel: 'Отмена',
    confirm: 'Подтвердить',
    create: 'Создать',
    details: 'Подробнее',
    edit: 'Редактировать',
    goHome: 'На главную',
    reload: 'Перезагрузить страницу',
    save: 'Сохранить',
    unblock: 'Разблокировать',
  },
  errors: {
    formInvalidText:
      'Одно или несколько обязательных полей не заполнены или содержат некорректные данные, проверьте введённые данные.',
    formInvalidTitle: 'Некорректно заполненное поле',
    notFoundText: 'По этому адресу нет страницы.',
    notFoundTitle: 'Страница не найдена',
    request: 'Произошла ошибка при обработке запроса',
    unexpected: 'Непредвиденная ошибка приложения!',
    unexpectedHint:
      'При отображении страницы что-то пошло не так. Перезагрузите её; если ошибка повторится, сообщите в поддержку.',
  },
  language: {
    label: 'Язык интерфейса',
  },
  messages: {
    noData: 'нет данных',
    nothingFound: 'Ничего не найдено',
    requestSent: 'Запрос успешно отправлен',
  },
  status: {
    active: 'Активен',
    blocked: 'Заблокирован',
  },
} satisfies TTranslation<typeof en>;
