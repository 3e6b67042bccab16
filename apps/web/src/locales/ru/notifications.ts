/** Колокольчик в шапке (docs/product/notifications.md#2-screens). */
export default {
  bell: 'Уведомления',
  unread: 'Непрочитанных: {{count}}',
  empty: 'Уведомлений пока нет',
  markAllRead: 'Отметить все прочитанными',
  settings: 'Настройки уведомлений',
  loadError: 'Уведомления не загрузились. Повторите попытку.',
  openIncident: 'Открыть инцидент',
};
