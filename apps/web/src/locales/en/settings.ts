/** Account settings (`/settings`). English is the reference: ru and ky carry the same keys. */
export default {
  fields: {
    dateFormat: 'Date format',
    language: 'Interface language',
    timeZone: 'Time zone',
  },
  hint: 'These settings belong to your account and follow you to any browser you sign in from.',
  loadError: 'The settings could not be loaded',
  saved: 'The settings have been saved',
  timeZones: {
    'Asia/Almaty': 'Almaty (UTC+5)',
    'Asia/Bishkek': 'Bishkek (UTC+6)',
    'Asia/Tashkent': 'Tashkent (UTC+5)',
    'Europe/Moscow': 'Moscow (UTC+3)',
    UTC: 'UTC',
  },
  title: 'Locale settings',
};
