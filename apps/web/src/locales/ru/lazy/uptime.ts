import type en from '@/locales/en/lazy/uptime';

const ru: typeof en = {
  uptime: 'Время работы',
  shares: 'Время по состояниям',
  noData: 'Нет данных',
  states: {
    available: 'Свободен',
    charging: 'Заряжает',
    occupied: 'Занят',
    faulted: 'Неисправен',
    unavailable: 'Недоступен',
    maintenance: 'Обслуживание',
    offline: 'Не в сети',
    unknown: 'Нет данных',
  },
  station: {
    title: 'Время работы за {{days}} дней',
    total: 'Станция',
    connector: 'Коннектор',
    connectorName: 'Коннектор {{id}}',
    days: 'По дням, {{days}} дней',
    daysOf: 'Время работы коннектора {{id}} по дням',
  },
  merchant: {
    title: 'Время работы в этом месяце',
    total: 'Мерчант',
    report: 'Отчёт о времени работы',
  },
  report: {
    title: 'Время работы',
    definition:
      'Время работы — доля времени, когда коннекторы были свободны, заряжали или заняты, от измеренного времени: периода до текущего момента без обслуживания, назначенного оператором (недоступность после смены доступности), и без времени, о котором нет данных.',
    allMerchants: 'Все мерчанты',
    period: 'Период',
    download: 'Скачать {{format}}',
    station: 'Станция',
    merchant: 'Мерчант',
    connectors: 'Коннекторы',
    hours: '{{state}}, ч',
    merchantTotal: 'Итого по {{name}}',
    networkTotal: 'Итого по сети',
  },
};

export default ru;
