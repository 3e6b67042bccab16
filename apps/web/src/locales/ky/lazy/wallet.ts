import type en from '@/locales/en/lazy/wallet';
import type { TTranslation } from '@/locales/types';

/** Кубаттоо үчүн баланска кайтаруу жана балансты оңдоо (issue 39), ар бири себеби менен. */
export default {
  reason: 'Себеби',
  reasonHint: 'Аны аракеттер журналы жана көчүрмө көрсөтөт',
  amount: 'Суммасы, сом',
  loadError: 'Маалыматтарды жүктөө мүмкүн болгон жок. Кайра аракет кылыңыз.',
  rules: {
    amountRequired: 'Сумманы көрсөтүңүз',
    amountInvalid: 'Сумманы сом менен жазыңыз, мисалы 1500 же 1500.50',
    amountDecimals: 'Суммада үтүрдөн кийин 2 белгиден ашпашы керек',
    amountPositive: 'Сумма 0дөн чоң болушу керек',
    moreThanLeft: 'Кайтарууга эң көп {{amount}}\u00a0сом калды',
    correctionMax: 'Бир оңдоо {{amount}}\u00a0сомдон ашпашы керек',
    refundReasonRequired: 'Кайтаруунун себебин көрсөтүңүз',
    correctionReasonRequired: 'Оңдоонун себебин көрсөтүңүз',
  },
  chargeRefund: {
    title: '№ {{number}} кубаттоо үчүн кайтаруу',
    totalCost: 'Кубаттоонун наркы',
    refunded: 'Кайтарылды',
    left: 'Кайтарууга болот',
    figure: '{{amount}}\u00a0сом',
    entries: 'Жасалган кайтаруулар',
    entryDate: 'Күнү',
    entryAmount: 'Суммасы, сом',
    entryComment: 'Себеби',
    nothingLeft: 'Бул кубаттоонун наркы толугу менен кайтарылган',
    submit: 'Баланска кайтаруу',
  },
  correction: {
    title: 'Балансты оңдоо — {{name}}',
    direction: 'Багыты',
    credit: 'Баланска кошуу',
    debit: 'Баланстан чегерүү',
    available: 'Баланс {{balance}}\u00a0сом, жеткиликтүү {{available}}\u00a0сом',
    submit: 'Оңдоо',
  },
} satisfies TTranslation<typeof en>;
