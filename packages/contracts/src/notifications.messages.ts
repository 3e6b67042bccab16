/** Messages of notifications and webhooks (issue 35, item 3). */
const en = {
  notification_read_target: 'Give the ids of the notifications to mark read, or all: true',
  quiet_hours_invalid: 'Enter the time as HH:MM (00:00 to 23:59)',
  webhook_url_invalid: 'Enter an http:// or https:// address',
  webhook_rules_required: 'Select at least one rule',
  telegram_not_configured: 'The Telegram bot is not configured on this server (TELEGRAM_BOT_TOKEN)',
  telegram_not_linked: 'No Telegram chat is linked to this account',
  webhook_test_queued: 'A test delivery has been queued',
} as const;

type TNotificationsMessages = Record<keyof typeof en, string>;

const ru: TNotificationsMessages = {
  notification_read_target: 'Укажите id уведомлений, которые нужно отметить прочитанными, или all: true',
  quiet_hours_invalid: 'Введите время в формате ЧЧ:ММ (от 00:00 до 23:59)',
  webhook_url_invalid: 'Введите адрес, начинающийся с http:// или https://',
  webhook_rules_required: 'Выберите хотя бы одно правило',
  telegram_not_configured: 'Telegram-бот на этом сервере не настроен (TELEGRAM_BOT_TOKEN)',
  telegram_not_linked: 'К этой учётной записи не привязан чат Telegram',
  webhook_test_queued: 'Тестовая отправка поставлена в очередь',
};

const ky: TNotificationsMessages = {
  notification_read_target: 'Окулду деп белгилене турган билдирүүлөрдүн id номерлерин же all: true көрсөтүңүз',
  quiet_hours_invalid: 'Убакытты СС:ММ түрүндө киргизиңиз (00:00дөн 23:59га чейин)',
  webhook_url_invalid: 'http:// же https:// менен башталган даректи киргизиңиз',
  webhook_rules_required: 'Жок дегенде бир эрежени тандаңыз',
  telegram_not_configured: 'Бул серверде Telegram-бот жөндөлгөн эмес (TELEGRAM_BOT_TOKEN)',
  telegram_not_linked: 'Бул эсепке Telegram чаты байланыштырылган эмес',
  webhook_test_queued: 'Сыноо жөнөтүүсү кезекке коюлду',
};

export const NOTIFICATIONS_MESSAGES = { en, ru, ky } as const;
