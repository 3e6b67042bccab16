// The wallet's card payments (issue 39, docs/product/payments.md): top-ups through the payment provider (FreedomPay),
// its callbacks and status checks, refunds to the card, the daily reconciliation; the dashboard's card payments at
// /api/v1/card-payments/ and the app's at /api/app/v1/payments/. Comes after users (the ledger), charges and drivers
// (the app's sign-in).
import { defineDomain } from '../../platform/domain';
import * as paymentTables from './payments.tables';

export { cardPayments, cardRefunds, paymentEvents } from './payments.tables';

export const paymentsDomain = defineDomain({
  name: 'payments',
  prefix: null,
  tables: paymentTables,
});
