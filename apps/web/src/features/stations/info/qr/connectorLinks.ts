import type { TEvseModule } from '@zaryad/contracts';

/** One code of the sheet: the connector's link in the drivers' app and what is printed under it. */
export type TConnectorCode = {
  connectorId: number;
  /** The OCPP connector number, the one a driver reads on the charger and in the app. */
  number: number;
  moduleLabel: string;
  typeName: string;
  powerKw: number;
  url: string;
};

/**
 * The drivers' app's page of one connector (docs/product/driver-app.md#2-screens): a driver's phone that scans its
 * code opens the connector, ready to start. Served by the same server as the dashboard, hence the same origin.
 */
export const connectorAppLink = (origin: string, stationId: number, connectorId: number) =>
  `${origin}/app/stations/${stationId}/connectors/${connectorId}`;

/** The station's connectors in module, then connector order, each with its link. */
export const connectorCodes = (origin: string, stationId: number, modules: readonly TEvseModule[]): TConnectorCode[] =>
  [...modules]
    .sort((a, b) => a.evse_id - b.evse_id)
    .flatMap((module) =>
      [...module.connectors]
        .sort((a, b) => a.connector_id - b.connector_id)
        .map((connector) => ({
          connectorId: connector.id,
          number: connector.ocpp_16_id,
          moduleLabel: module.label || String(module.evse_id),
          typeName: connector.typo_name,
          powerKw: connector.power_kWh,
          url: connectorAppLink(origin, stationId, connector.id),
        })),
    );
