import type { TTexts } from '@/lib/i18n';

export const walletTexts = {
  ru: { title: 'Кошелёк', balance: 'Баланс', held: 'Удерживается зарядкой', available: 'Доступно', som: '{{amount}} сом' },
  en: { title: 'Wallet', balance: 'Balance', held: 'Held by a charge', available: 'Available', som: '{{amount}} som' },
  ky: { title: 'Капчык', balance: 'Баланс', held: 'Кубаттоо кармап турат', available: 'Жеткиликтүү', som: '{{amount}} сом' },
} satisfies TTexts;
