import type en from '@/locales/en/lazy/sms';
import type { TTranslation } from '@/locales/types';

export default {
  title: 'SMS-сообщения',
  search: 'Поиск по номеру телефона',
  columns: {
    date: 'Дата и время',
    phone: 'Телефон',
    kind: 'Тип',
    text: 'Текст',
    status: 'Статус',
    error: 'Ошибка',
  },
  kinds: {
    otp: 'Код входа',
  },
  statuses: {
    kept: 'Сохранено',
    sent: 'Отправлено',
    failed: 'Не отправлено',
  },
  notice: {
    keptTitle: 'SMS-шлюз не настроен: коды входа показаны полностью',
    kept: 'Сообщения не уходят на телефоны: этот журнал и есть доставка. Сеть, которая пробует «Заряд», читает здесь коды входа водителей в приложение.',
    gatewayTitle: 'Сообщения отправляет SMS-шлюз: коды скрыты',
    gateway:
      'Водители получают коды входа на телефон, здесь цифры кода скрыты. У неотправленного сообщения показан ответ шлюза.',
  },
  empty: {
    noMatch: 'SMS на этот номер нет.',
    title: 'SMS пока нет',
    text: 'Когда водитель запросит код входа в приложении, его SMS появится здесь.',
  },
} satisfies TTranslation<typeof en>;
