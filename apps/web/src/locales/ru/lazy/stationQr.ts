import type en from '@/locales/en/lazy/stationQr';
import type { TTranslation } from '@/locales/types';

// The station's QR code sheet (features/stations/info/qr): loaded with the sheet, not with every screen.
export default {
  close: 'Закрыть',
  connector: 'Коннектор {{number}}',
  details: '{{module}} · {{type}} · {{power}}',
  empty: 'У станции пока нет коннекторов.',
  failed: 'Не удалось создать QR-коды. Повторите.',
  hint: 'Распечатайте лист и наклейте каждый код на свой коннектор: телефон водителя, отсканировав его, откроет приложение на этом коннекторе, готовым к запуску зарядки.',
  loading: 'Создаём QR-коды…',
  print: 'Распечатать',
  retry: 'Повторить',
  title: 'QR-коды: {{name}}',
} satisfies TTranslation<typeof en>;
