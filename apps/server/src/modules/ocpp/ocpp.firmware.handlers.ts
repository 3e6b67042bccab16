/**
 * FirmwareStatusNotification and DiagnosticsStatusNotification from a charge point (OCPP 1.6 Firmware Management):
 * each becomes the station's progress line (docs/product/ocpp.md#4-states-and-rules), and the dashboard hears of it
 * through the live events. ocpp.central-system.ts registers them, by their OCPP names, with the core handlers.
 */
import type { Database } from '../../db/client';
import type { OcppBus } from './ocpp.bus';
import { recordTransferStatus } from './ocpp.firmware.service';
import type { StationSession } from './ocpp.handlers';

export const createFirmwareNotifications = (db: Database, bus: OcppBus) => {
  const record = async (session: StationSession, kind: 'firmware' | 'diagnostics', status: string) => {
    await recordTransferStatus(db, session.stationId, kind, status);
    await bus.publish('ocpp_events', { type: 'status', stationId: session.stationId, connectorId: 0 });
    return {};
  };
  return {
    FirmwareStatusNotification: (session: StationSession, params: { status: string }) =>
      record(session, 'firmware', params.status),
    DiagnosticsStatusNotification: (session: StationSession, params: { status: string }) =>
      record(session, 'diagnostics', params.status),
  };
};
