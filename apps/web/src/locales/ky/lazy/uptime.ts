import type en from '@/locales/en/lazy/uptime';

const ky: typeof en = {
  uptime: 'Иштөө убактысы',
  shares: 'Абалдар боюнча убакыт',
  noData: 'Маалымат жок',
  states: {
    available: 'Бош',
    charging: 'Кубаттап жатат',
    occupied: 'Бош эмес',
    faulted: 'Бузук',
    unavailable: 'Жеткиликсиз',
    maintenance: 'Тейлөө',
    offline: 'Тармакта эмес',
    unknown: 'Маалымат жок',
  },
  station: {
    title: 'Акыркы {{days}} күндөгү иштөө убактысы',
    total: 'Станция',
    connector: 'Коннектор',
    connectorName: 'Коннектор {{id}}',
    days: 'Күндөр боюнча, {{days}} күн',
    daysOf: '{{id}}-коннектордун күндөр боюнча иштөө убактысы',
  },
  merchant: {
    title: 'Ушул айдагы иштөө убактысы',
    total: 'Мерчант',
    report: 'Иштөө убактысы боюнча отчёт',
  },
  report: {
    title: 'Иштөө убактысы',
    definition:
      'Иштөө убактысы — коннекторлор бош, кубаттап же бош эмес болгон убакыттын ченелген убакытка үлүшү: мезгил ушул учурга чейин, оператор дайындаган тейлөөсүз (жеткиликтүүлүк өзгөргөндөн кийинки жеткиликсиздик) жана маалымат жок убакытсыз.',
    allMerchants: 'Бардык мерчанттар',
    period: 'Мезгил',
    download: '{{format}} жүктөп алуу',
    station: 'Станция',
    merchant: 'Мерчант',
    connectors: 'Коннекторлор',
    hours: '{{state}}, саат',
    merchantTotal: '{{name}} боюнча жыйынтык',
    networkTotal: 'Тармак боюнча жыйынтык',
  },
};

export default ky;
