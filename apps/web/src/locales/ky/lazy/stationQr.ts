import type en from '@/locales/en/lazy/stationQr';
import type { TTranslation } from '@/locales/types';

// The station's QR code sheet (features/stations/info/qr): loaded with the sheet, not with every screen.
export default {
  close: 'Жабуу',
  connector: '{{number}}-коннектор',
  details: '{{module}} · {{type}} · {{power}}',
  empty: 'Станцияда азырынча коннектор жок.',
  failed: 'QR-коддорду түзүү мүмкүн болбоду. Кайталаңыз.',
  hint: 'Баракты басып чыгарып, ар бир кодду өз коннекторуна чаптаңыз: айдоочунун телефону аны сканерлегенде, тиркеме ошол коннектордо ачылып, кубаттоону баштоого даяр болот.',
  loading: 'QR-коддор түзүлүүдө…',
  print: 'Басып чыгаруу',
  retry: 'Кайталоо',
  title: 'QR-коддор: {{name}}',
} satisfies TTranslation<typeof en>;
