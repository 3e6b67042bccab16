import type en from '@/locales/en/search';
import type { TTranslation } from '@/locales/types';

/** Баштагы жалпы издөө (docs/product/search.md). */
export default {
  open: 'Издөө',
  shortcut: 'Издөө ({{keys}})',
  title: 'Мерчанттарды, станцияларды, колдонуучуларды, кубаттоолорду жана аккаунттарды издөө',
  placeholder: 'Аталышы, телефон, жеке эсеп, идентификатор, дарек же кубаттоонун номери',
  hint: 'Кеминде эки белги жазыңыз; кубаттоо номери же транзакциянын ID си боюнча табылат.',
  results: 'Натыйжалар',
  nothing: '«{{text}}» боюнча эч нерсе табылган жок: жазылышын текшериңиз же кыскараак жазыңыз.',
  failed: 'Издөө жооп берген жок. Кайра аракет кылыңыз.',
  more: 'Дагы табылды: сурамды тактаңыз.',
  keys: '↑ ↓ — тандоо, Enter — ачуу, Esc — жабуу',
  charge: 'Кубаттоо № {{number}}',
  groups: {
    merchants: 'Мерчанттар',
    stations: 'Станциялар',
    users: 'Тиркеменин колдонуучулары',
    charges: 'Кубаттоолор',
    accounts: 'Аккаунттар',
  },
} satisfies TTranslation<typeof en>;
