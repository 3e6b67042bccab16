import { ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import { ZMerchantPowerLimit, ZPowerLimitBody, ZStationPowerLimit } from '@zaryad/contracts/ocpp-smart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { chargePointsOf } from '../../platform/charge-points';
import type { OcppService } from './ocpp.service';
import type { SmartCharging } from './ocpp.smart-charging';

export interface SmartChargingRoutesOptions {
  ocpp: OcppService;
  smartCharging: SmartCharging;
}

const tags = ['ocpp'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const LIMIT_RULES =
  'limit_kw: above 0, at most 10,000, in steps of 0.1. windows (at most 12): from and to as HH:MM of Bishkek time (to after from, 24:00 the end of the day), not overlapping, each with its own limit_kw; outside them limit_kw holds.';

/**
 * /api/v1/ocpp/stations/{id}/power-limit/ and /api/v1/ocpp/merchants/{id}/power-limit/: power limits (OCPP 1.6 Smart
 * Charging, docs/product/ocpp.md#7-calls). Their own calls rather than command-call actions: the server keeps the
 * limit, sends it again after a boot and, for a site, shares it between the running charges.
 */
export const smartChargingRoutes = async (
  fastify: FastifyInstance,
  { ocpp, smartCharging }: SmartChargingRoutesOptions,
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/stations/:id/power-limit/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: "A station's power limit (its charge point's ChargePointMaxProfile) and its site's limit now",
        params: ZIdParam,
        response: { 200: ZStationPowerLimit, ...errors },
      },
    },
    async (request) => smartCharging.stationLimit(await ocpp.stationIdOf(request.params.id)),
  );

  app.put(
    '/stations/:id/power-limit/',
    {
      config: { permission: 'stations.manage_charge_point' },
      schema: {
        tags,
        summary: "Sets a station's power limit and sends it as its ChargePointMaxProfile (SetChargingProfile)",
        description: `${LIMIT_RULES} The limit is kept whatever the charge point answers and sent again after each of its boots; commands: what SetChargingProfile came to.`,
        params: ZIdParam,
        body: ZPowerLimitBody,
        response: { 200: ZStationPowerLimit, ...errors },
      },
    },
    async (request) =>
      smartCharging.setStationLimit(
        chargePointsOf(request.server).send,
        await ocpp.stationIdOf(request.params.id),
        request.body,
        currentAccount(request).id,
      ),
  );

  app.delete(
    '/stations/:id/power-limit/',
    {
      config: { permission: 'stations.manage_charge_point' },
      schema: {
        tags,
        summary: "Removes a station's power limit: ClearChargingProfile of its ChargePointMaxProfile",
        description: 'No limit set: 404. commands: what ClearChargingProfile came to.',
        params: ZIdParam,
        response: { 200: ZStationPowerLimit, ...errors },
      },
    },
    async (request) =>
      smartCharging.clearStationLimit(
        chargePointsOf(request.server).send,
        await ocpp.stationIdOf(request.params.id),
        currentAccount(request).id,
      ),
  );

  app.get(
    '/merchants/:id/power-limit/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: "A merchant site's power limit, the limit now, and the running charges' shares of it",
        params: ZIdParam,
        response: { 200: ZMerchantPowerLimit, ...errors },
      },
    },
    async (request) => smartCharging.merchantLimit(request.params.id),
  );

  app.put(
    '/merchants/:id/power-limit/',
    {
      config: { permission: 'stations.manage_charge_point' },
      schema: {
        tags,
        summary: "Sets a merchant site's power limit, shared by the charges running at its stations",
        description: `${LIMIT_RULES} Each station of the merchant is sent a TxDefaultProfile of 0 W and each running charge a TxProfile with its share: earliest-started charges first, at least 1.4 kW each (one that cannot get it gets 0 and waits), rebalanced whenever a charge starts or stops, cuts before raises. commands: every SetChargingProfile sent.`,
        params: ZIdParam,
        body: ZPowerLimitBody,
        response: { 200: ZMerchantPowerLimit, ...errors },
      },
    },
    async (request) =>
      smartCharging.setMerchantLimit(
        chargePointsOf(request.server).send,
        request.params.id,
        request.body,
        currentAccount(request).id,
      ),
  );

  app.delete(
    '/merchants/:id/power-limit/',
    {
      config: { permission: 'stations.manage_charge_point' },
      schema: {
        tags,
        summary: "Removes a merchant site's power limit: its TxDefaultProfile and the charges' shares cleared",
        description: 'No limit set: 404. commands: every ClearChargingProfile sent.',
        params: ZIdParam,
        response: { 200: ZMerchantPowerLimit, ...errors },
      },
    },
    async (request) =>
      smartCharging.clearMerchantLimit(
        chargePointsOf(request.server).send,
        request.params.id,
        currentAccount(request).id,
      ),
  );
};
