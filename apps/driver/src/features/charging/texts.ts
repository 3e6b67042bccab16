import type { TTexts } from '@/lib/i18n';

export const chargingTexts = {
  ru: { title: 'Зарядка', none: 'Сейчас нет зарядки. Выберите станцию и коннектор, чтобы начать.' },
  en: { title: 'Charging', none: 'No charge now. Choose a station and a connector to start one.' },
  ky: { title: 'Кубаттоо', none: 'Азыр кубаттоо жок. Баштоо үчүн станция менен коннекторду тандаңыз.' },
} satisfies TTexts;
