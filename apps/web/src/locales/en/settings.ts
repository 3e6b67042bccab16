/** Account settings (`/settings`). English is the reference: ru and ky carry the same keys. */
export default {
  fields: {
    dateFormat: 'Date format',
    language: 'Interface language',
    timeZone: 'Time zone',
  },
  jobs: {
    empty: 'No job has run yet',
    failing: 'Failures in a row: {{count}}',
    hint: 'The server runs these in the background, once per period across its processes. A failed run is retried, later after each failure; a job failing again and again needs someone to look at its error.',
    lastError: 'Last error',
    lastRun: 'Last run',
    name: 'Job',
    nextRun: 'Next run',
    ok: 'Working',
    state: 'State',
    title: 'Scheduled jobs',
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
