// The live board (issue 35, docs/product/live.md): /api/v1/live/, the network's stations by state, the charges running
// now and the open incidents, and /api/v1/live/events/, their deltas as the charge points report. Comes after ocpp
// (its bus and online rule) and charges (the running charges' rows and cost).
import { defineDomain } from '../../platform/domain';
import { ocppBusOf } from '../ocpp';
import { liveRoutes } from './live.routes';
import { createLiveService } from './live.service';
import { createLiveHub, type LiveHub } from './live.stream';

export const liveDomain = defineDomain({
  name: 'live',
  prefix: '/api/v1/live',
  services: ({ db }) => ({ live: createLiveService(db), runtime: { hub: null as LiveHub | null } }),
  plugins: async (app, { live, runtime }) => {
    const hub = createLiveHub({ live, bus: ocppBusOf(app), log: app.log });
    runtime.hub = hub;
    app.addHook('preClose', async () => hub.close());
  },
  routes: liveRoutes,
});
