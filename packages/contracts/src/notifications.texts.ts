import type { TAlertRule, TAlertSeverity, TIncidentEvent } from './alerts';
import type { TLanguage } from './common';

/**
 * What a notification says, in each language (docs/product/notifications.md): the server renders the in-app list, the
 * e-mail and the Telegram message from these, in the reader's language. Plain constants, no zod.
 */
export interface TNotificationTexts {
  rules: Record<TAlertRule, string>;
  events: Record<TIncidentEvent, string>;
  severities: Record<TAlertSeverity, string>;
  station: string;
  connector: string;
  charge: string;
  incident: string;
  open: string;
  test: string;
  testBody: string;
  linked: string;
  linkUnknown: string;
  quietFooter: string;
}

export const NOTIFICATION_TEXTS: Record<TLanguage, TNotificationTexts> = {
  en: {
    rules: {
      station_offline: 'Station offline',
      connector_faulted: 'Connector faulted',
      charge_no_meter_values: 'Charge without meter values',
      charge_no_energy: 'Charge without energy',
      charge_failed: 'Charge failed',
      station_reboots: 'Station rebooting',
      failed_charge_share: 'Many failed charges',
      payment_failed: 'Payment failed',
      ledger_mismatch: 'Ledger mismatch',
    },
    events: {
      opened: 'opened',
      repeated: 'repeated',
      acknowledged: 'acknowledged',
      assigned: 'assigned to you',
      resolved: 'resolved',
    },
    severities: { critical: 'Critical', warning: 'Warning', info: 'Info' },
    station: 'Station',
    connector: 'connector',
    charge: 'charge',
    incident: 'Incident',
    open: 'Open the incident',
    test: 'Test notification',
    testBody: 'Zaryad can reach this address.',
    linked: 'Telegram is linked to your Zaryad account: alerts will arrive here.',
    linkUnknown: 'This code is unknown or has expired. Get a new one in your Zaryad profile.',
    quietFooter: 'Notification settings: your profile in Zaryad.',
  },
  ru: {
    rules: {
      station_offline: 'Станция не в сети',
      connector_faulted: 'Неисправность коннектора',
      charge_no_meter_values: 'Зарядка без показаний счётчика',
      charge_no_energy: 'Зарядка без энергии',
      charge_failed: 'Зарядка не удалась',
      station_reboots: 'Станция перезагружается',
      failed_charge_share: 'Много неудачных зарядок',
      payment_failed: 'Платёж не прошёл',
      ledger_mismatch: 'Расхождение в балансах',
    },
    events: {
      opened: 'открыт',
      repeated: 'повторился',
      acknowledged: 'принят в работу',
      assigned: 'назначен вам',
      resolved: 'решён',
    },
    severities: { critical: 'Критический', warning: 'Предупреждение', info: 'Информация' },
    station: 'Станция',
    connector: 'коннектор',
    charge: 'зарядка',
    incident: 'Инцидент',
    open: 'Открыть инцидент',
    test: 'Тестовое уведомление',
    testBody: 'Zaryad может отправлять на этот адрес.',
    linked: 'Telegram привязан к вашей учётной записи Zaryad: уведомления будут приходить сюда.',
    linkUnknown: 'Код неизвестен или устарел. Получите новый в профиле Zaryad.',
    quietFooter: 'Настройки уведомлений: ваш профиль в Zaryad.',
  },
  ky: {
    rules: {
      station_offline: 'Станция тармакта эмес',
      connector_faulted: 'Коннектор бузулду',
      charge_no_meter_values: 'Эсептегичтин көрсөткүчү жок кубаттоо',
      charge_no_energy: 'Энергиясыз кубаттоо',
      charge_failed: 'Кубаттоо ишке ашкан жок',
      station_reboots: 'Станция кайра жүктөлүүдө',
      failed_charge_share: 'Ийгиликсиз кубаттоолор көп',
      payment_failed: 'Төлөм өткөн жок',
      ledger_mismatch: 'Баланстарда айырма',
    },
    events: {
      opened: 'ачылды',
      repeated: 'кайталанды',
      acknowledged: 'ишке алынды',
      assigned: 'сизге дайындалды',
      resolved: 'чечилди',
    },
    severities: { critical: 'Критикалык', warning: 'Эскертүү', info: 'Маалымат' },
    station: 'Станция',
    connector: 'коннектор',
    charge: 'кубаттоо',
    incident: 'Инцидент',
    open: 'Инцидентти ачуу',
    test: 'Сыноо билдирүүсү',
    testBody: 'Zaryad бул дарекке жөнөтө алат.',
    linked: 'Telegram сиздин Zaryad эсебиңизге байланыштырылды: билдирүүлөр ушул жерге келет.',
    linkUnknown: 'Код белгисиз же мөөнөтү бүткөн. Zaryad профилиңизден жаңысын алыңыз.',
    quietFooter: 'Билдирүүлөрдүн жөндөөлөрү: Zaryad профилиңиз.',
  },
};
