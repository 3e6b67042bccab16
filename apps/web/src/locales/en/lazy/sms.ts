// The SMS outbox (features/sms, issue 38): the superadmins’ screen of every SMS the server sent or kept.
export default {
  title: 'SMS messages',
  search: 'Search by phone number',
  columns: {
    date: 'Date and time',
    phone: 'Phone',
    kind: 'Type',
    text: 'Text',
    status: 'Status',
    error: 'Error',
  },
  kinds: {
    otp: 'Sign-in code',
  },
  statuses: {
    kept: 'Kept',
    sent: 'Sent',
    failed: 'Not sent',
  },
  notice: {
    keptTitle: 'No SMS gateway is configured: sign-in codes are shown in full',
    kept: 'Messages do not reach phones: the outbox is the delivery. A network trying Zaryad out reads the drivers’ sign-in codes to the app here.',
    gatewayTitle: 'An SMS gateway sends the messages: codes are masked',
    gateway:
      'Drivers receive their sign-in codes on their phones; here the code’s digits are hidden. A message that was not sent shows the gateway’s answer.',
  },
  empty: {
    noMatch: 'No SMS to this number.',
    title: 'No SMS yet',
    text: 'When a driver asks for a sign-in code in the app, its SMS appears here.',
  },
};
