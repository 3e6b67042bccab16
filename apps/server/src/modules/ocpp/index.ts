// The network's OCPP 1.6J central system: charge points connect at /ocpp/{identity} on the server's own port; their
// live state, command log and events under /api/v1/ocpp/. Comes after stations and charges, which it drives.
import { defineDomain } from '../../platform/domain';
import { scheduleJob } from '../../platform/scheduler';
import { createStationSecrets } from '../stations';
import { createOcppBus } from './ocpp.bus';
import { createCentralSystem, OCPP_PATH } from './ocpp.central-system';
import { readOcppConfig } from './ocpp.config';
import { readFileTransferConfig } from './ocpp.firmware.config';
import { fileTransferRoutes } from './ocpp.firmware.routes';
import { createFileTransfers } from './ocpp.firmware.service';
import * as firmwareTables from './ocpp.firmware.tables';
import * as historyTables from './ocpp.history.tables';
import { offlineJob } from './ocpp.history';
import { createFileUrlSigner } from './ocpp.firmware.urls';
import { localListRoutes } from './ocpp.local-list.routes';
import { createReservationsService, expiredReservationsJob } from './ocpp.reservations';
import { reservationsRoutes } from './ocpp.reservations.routes';
import { bulkCommandRoutes } from './ocpp.bulk.routes';
import { ocppRoutes, type OcppRuntime } from './ocpp.routes';
import { createOcppService } from './ocpp.service';
import { createSmartCharging } from './ocpp.smart-charging';
import { smartChargingRoutes } from './ocpp.smart-charging.routes';
import { staleChargesJob } from './ocpp.stale-charges';
import { holdsJob } from './ocpp.holds';
import * as localListTables from './ocpp.local-list.tables';
import * as reservationTables from './ocpp.reservations.tables';
import * as smartChargingTables from './ocpp.smart-charging.tables';
import * as ocppTables from './ocpp.tables';

export { chargePointCommands, chargePointConnectors, chargePoints } from './ocpp.tables';
export { chargePointStatusHistory } from './ocpp.history.tables';
export { HISTORY_KINDS, offlineJob, recordOffline, type THistoryKind } from './ocpp.history';
export { readMeterValues } from './ocpp.handlers';
export { ocppBusOf, type OcppBus } from './ocpp.bus';
export { isOnline, MISSED_HEARTBEATS } from './ocpp.service';
export { closeStaleCharges, staleChargesJob } from './ocpp.stale-charges';
export { checkHolds, holdsJob, STOP_AGAIN_MS } from './ocpp.holds';
export { createOcppService, type OcppService } from './ocpp.service';
export { readOcppConfig } from './ocpp.config';
export { driverMayCharge, driverMayStart } from './ocpp.drivers';

export const ocppDomain = defineDomain({
  name: 'ocpp',
  prefix: '/api/v1/ocpp',
  tables: { ...ocppTables, ...historyTables, ...firmwareTables, ...localListTables, ...reservationTables, ...smartChargingTables },
  services: ({ db, config, privateStorage }) => ({
    db,
    files: createFileTransfers({
      db,
      firmwareStorage: privateStorage('ocpp-firmware'),
      diagnosticsStorage: privateStorage('ocpp-diagnostics'),
      config: readFileTransferConfig(config.publicUrl),
      signer: createFileUrlSigner(config.jwtSecret),
    }),
    ocpp: createOcppService(db, { minBalanceTyiyn: readOcppConfig().minBalanceTyiyn }),
    reservations: createReservationsService(db, { minBalanceTyiyn: readOcppConfig().minBalanceTyiyn }),
    smartCharging: createSmartCharging(db),
    secrets: createStationSecrets(config.stationSecretKey ?? config.jwtSecret),
    runtime: { bus: null, streams: new Set() } as OcppRuntime,
  }),
  plugins: async (app, { db, secrets, runtime, smartCharging }) => {
    const bus = await createOcppBus(app.bus);
    runtime.bus = bus;
    app.decorate('ocppBus', bus);
    const config = readOcppConfig();
    const central = createCentralSystem({
      db,
      secrets,
      config,
      bus,
      log: app.log,
      smartCharging,
      metrics: app.metrics,
    });
    app.metrics.countOcppConnectionsBy(() => central.connections());
    app.decorate('chargePoints', central);
    scheduleJob(app, db, staleChargesJob(config.staleChargeS));
    scheduleJob(app, db, expiredReservationsJob);
    scheduleJob(app, db, offlineJob);
    // Holds of running charges paid from the balance: raised, or the charge stopped before it passes the balance.
    scheduleJob(app, db, holdsJob(() => central, app.log));
    app.server.on('upgrade', (request, socket, head) => {
      if (OCPP_PATH.test(request.url ?? '')) {
        central.handleUpgrade(request, socket, head);
        return;
      }
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    });
    app.addHook('preClose', async () => {
      for (const stream of runtime.streams) {
        stream.end();
      }
      runtime.streams.clear();
      await central.close();
    });
  },
  routes: async (app, { db, ocpp, runtime, reservations, files, smartCharging }) => {
    await app.register(ocppRoutes, { ocpp, files, runtime });
    await app.register(bulkCommandRoutes, { db, files });
    await app.register(fileTransferRoutes, { files, ocpp });
    await app.register(localListRoutes, { db, ocpp });
    await app.register(reservationsRoutes, { ocpp, reservations });
    await app.register(smartChargingRoutes, { ocpp, smartCharging });
  },
});
