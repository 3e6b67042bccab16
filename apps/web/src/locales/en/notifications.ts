/** The header's bell (docs/product/notifications.md#2-screens): kept small, it is on every screen. */
export default {
  bell: 'Notifications',
  unread: 'Unread: {{count}}',
  empty: 'No notifications yet',
  markAllRead: 'Mark all read',
  settings: 'Notification settings',
  loadError: 'The notifications did not load. Try again.',
  openIncident: 'Open the incident',
};
