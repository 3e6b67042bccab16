// An app user's devices: the Devices card of the user screen (features/users/devices, issue 38).
export default {
  title: 'Devices',
  loadError: 'Could not load the devices',
  columns: {
    platform: 'Platform',
    version: 'App version',
    device: 'Device',
    signedIn: 'Signed in',
    lastSeen: 'Last seen',
    status: 'Status',
  },
  platforms: {
    ios: 'iOS',
    android: 'Android',
    web: 'Web',
    unknown: 'Unknown',
  },
  status: {
    active: 'Signed in',
    ended: 'Signed out {{date}}',
  },
  empty: {
    title: 'No devices',
    text: 'This user has not signed in to the app yet.',
  },
};
