import type { TTexts } from '@/lib/i18n';

export const stationTexts = {
  ru: {
    title: 'Станции рядом',
    empty: 'Рядом нет станций.',
    available: '{{available}} из {{total}} свободно',
    distance: '{{distance}} км',
    offline: 'Не в сети',
  },
  en: {
    title: 'Stations nearby',
    empty: 'No stations nearby.',
    available: '{{available}} of {{total}} free',
    distance: '{{distance}} km',
    offline: 'Offline',
  },
  ky: {
    title: 'Жакын станциялар',
    empty: 'Жакын жерде станция жок.',
    available: '{{total}} ичинен {{available}} бош',
    distance: '{{distance}} км',
    offline: 'Тармакта эмес',
  },
} satisfies TTexts;
