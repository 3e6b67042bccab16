import { constants } from 'node:zlib';
import { type TLiveSnapshot, ZErrorBody, ZLiveSnapshot } from '@zaryad/contracts';
// The route option `compress` is @fastify/compress's (registered by http/compression.ts): its types come with it.
import type {} from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openEventStream, openingOnly, wantsEventStream } from '../../platform/event-stream';
import type { LiveService } from './live.service';
import type { LiveHub } from './live.stream';

export interface LiveRoutesOptions {
  live: LiveService;
  /** Filled by the domain's plugin (after the ocpp domain has opened its bus), before any route runs. */
  runtime: { hub: LiveHub | null };
}

const tags = ['live'];
const errors = { 401: ZErrorBody, 403: ZErrorBody };

/** /api/v1/live/: the live board's snapshot and its event stream (docs/product/live.md). */
export const liveRoutes = async (fastify: FastifyInstance, options: LiveRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { live, runtime } = options;

  app.get(
    '/',
    {
      config: { permission: 'alerts.view' },
      // 7 MB of JSON at 141,000 stations: gzip at level 1 takes a third of level 6's time for 7 % more bytes, and
      // brotli (what browsers ask first) keeps the app's quality 4.
      compress: {
        zlibOptions: { level: 1 },
        brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      },
      schema: {
        tags,
        summary:
          'The network now: stations by state (counts, and each active station for the map), the charges running now with live kWh, power and cost so far, the open incidents',
        description: [
          'A station is in one state, by precedence offline > faulted > charging > available: offline when its charge point never connected or is not online (connected and heard within three heartbeat intervals); faulted when a connector (or connector 0, the whole station) last reported Faulted or Unavailable; charging when one reports Charging, SuspendedEV or SuspendedEVSE; available otherwise. Inactive stations are left out.',
          'stations: [id, name, merchant_id, latitude, longitude, state] each, by id; merchants: the names of their merchants.',
          "charges: the newest 500 running charges (charges_total: all of them), each with consumption_kwh (the meter so far), power_w (the connector's last MeterValues power) and cost (the charges engine's price of the energy so far at the tariff and discount fixed at its start, as the charges list's running_cost).",
          "incidents: the newest 200 open incidents (incidents_total: all of them). Names in the request's language.",
        ].join(' '),
        response: { 200: ZLiveSnapshot, ...errors },
      },
    },
    // The service writes the snapshot's JSON (live.service.ts): the text is sent as it is, not parsed and checked against
    // ZLiveSnapshot again (141,000 tuples through zod took seconds); the schema still documents it.
    async (request, reply) => {
      const json = await live.snapshotJson(request.language);
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload: unknown) => String(payload))
        .send(json as unknown as TLiveSnapshot);
    },
  );

  app.get(
    '/events/',
    {
      config: { permission: 'alerts.view' },
      schema: {
        tags,
        summary:
          'Server-sent events: the board\'s deltas, `data: {"at", "stations": [{id, state, charges}], "incidents": [{id, open, incident}]}`, at most one per ~250 ms',
        description:
          "Each event lists the stations whose charge point sent something in the last ~250 ms (status, meter values, a charge started or stopped, connected, booted) with their state and all their running charges now (a charge no longer listed has ended), and the incidents that changed (open false: no longer on the board). Apply them to GET /live/'s snapshot; read the snapshot again after a reconnect. Streams while the request accepts text/event-stream; any other request gets the opening comment and the end of the stream at once.",
        produces: ['text/event-stream'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const hub = runtime.hub;
      if (!hub || !wantsEventStream(request)) {
        return openingOnly(reply);
      }
      const closing: Array<() => void> = [];
      const response = openEventStream(request, reply, () => closing.forEach((listener) => listener()));
      hub.open(response, request.language, (listener) => closing.push(listener));
    },
  );
};
