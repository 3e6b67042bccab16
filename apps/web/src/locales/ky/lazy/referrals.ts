export default {
  list: {
    title: 'Рефералдар',
    search: 'Аты, телефону, жеке эсеби же коду',
    empty: 'Азырынча эч ким эч кимди чакырган жок',
  },
  columns: {
    inviter: 'Чакыруучу',
    invited: 'Чакырылган',
    code: 'Код',
    registeredAt: 'Катталган',
    status: 'Абалы',
    rewardedAt: 'Сыйланган',
    bonuses: 'Бонустар, сом',
    inviterBonus: 'Чакыруучуга: {{amount}}',
    invitedBonus: 'Чакырылганга: {{amount}}',
    charge: 'Кубаттоо № {{id}}',
  },
  statuses: {
    pending: 'Күтүүдө',
    rewarded: 'Сыйланды',
  },
  filters: {
    status: 'Абалы',
    registeredAt: 'Катталган күнү – чейин',
    rewardedAt: 'Сыйланган күнү – чейин',
    inviter: '№ {{id}} колдонуучу чакырган',
    invited: '№ {{id}} колдонуучунун чакырылышы',
    reset: 'Чыпкаларды тазалоо',
  },
  settings: {
    title: 'Реферал бонустары',
    hint: 'Чакырылган колдонуучу биринчи кубаттоосун аяктаганда балансына кошулат. 0 — бонус жок.',
    inviterBonus: 'Чакыруучунун бонусу, сом',
    invitedBonus: 'Чакырылгандын бонусу, сом',
    saved: 'Реферал бонустары сакталды',
    loadError: 'Реферал бонустарын жүктөө мүмкүн болгон жок',
  },
};
