/** Баш тилкедеги коңгуроо (docs/product/notifications.md#2-screens). */
export default {
  bell: 'Билдирүүлөр',
  unread: 'Окула электер: {{count}}',
  empty: 'Азырынча билдирүүлөр жок',
  markAllRead: 'Баарын окулду деп белгилөө',
  settings: 'Билдирүүлөрдүн жөндөөлөрү',
  loadError: 'Билдирүүлөр жүктөлгөн жок. Кайра аракет кылыңыз.',
  openIncident: 'Инцидентти ачуу',
};
