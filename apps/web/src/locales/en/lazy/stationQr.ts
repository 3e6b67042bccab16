// The station's QR code sheet (features/stations/info/qr): loaded with the sheet, not with every screen.
export default {
  close: 'Close',
  connector: 'Connector {{number}}',
  details: '{{module}} · {{type}} · {{power}}',
  empty: 'The station has no connectors yet.',
  failed: 'The QR codes could not be made. Try again.',
  hint: "Print this sheet and stick each code on its connector: a driver's phone that scans it opens the drivers' app at that connector, ready to start.",
  loading: 'Making the QR codes…',
  print: 'Print',
  retry: 'Try again',
  title: 'QR codes: {{name}}',
};
