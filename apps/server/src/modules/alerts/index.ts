// Alerts (issue 35, items 1 and 2; docs/product/alerts.md): the alert rules' settings, their evaluation (a minute
// sweep once across processes, a station's rules at once on its OCPP events, the nightly ledger check), and the
// incidents they open, fold and clear, with their events: /api/v1/alerts/rules/ and /api/v1/incidents/. Comes after
// ocpp, whose bus it listens to and tells; notifications and the live board read its tables.
import { defineDomain } from '../../platform/domain';
import { systemClock } from '../../platform/clock';
import { scheduleJob } from '../../platform/scheduler';
import { ocppBusOf } from '../ocpp';
import { alertsSweepJob, createIncidentNotifier } from './alerts.evaluate';
import { listenForStationEvents } from './alerts.listener';
import { alertsRoutes } from './alerts.routes';
import { seedAlertRules } from './alerts.seed';
import { type AlertsRuntime, createAlertsService } from './alerts.service';
import * as alertsTables from './alerts.tables';

export { alertRules, alertSignals, incidentEvents, incidents } from './alerts.tables';
export { checkLedger, evaluateRules, sweep } from './alerts.evaluate';

export const alertsDomain = defineDomain({
  name: 'alerts',
  prefix: '/api/v1',
  tables: alertsTables,
  services: ({ db, clock }) => {
    const runtime: AlertsRuntime = { notify: null };
    return { db, clock: clock ?? systemClock, runtime, alerts: createAlertsService(db, runtime) };
  },
  plugins: async (app, { db, clock, runtime }) => {
    const bus = ocppBusOf(app);
    const notify = createIncidentNotifier(app.database.kind, bus);
    runtime.notify = notify;
    scheduleJob(app, db, alertsSweepJob(notify));
    if (bus) {
      const listener = listenForStationEvents({ db, bus, notify, log: app.log, clock });
      // Before the app closes the bus (its onClose, after every preClose).
      app.addHook('preClose', () => listener.close());
    }
  },
  routes: alertsRoutes,
  seed: { reference: seedAlertRules },
});
