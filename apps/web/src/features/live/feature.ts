import type { TFeature } from '@/app/feature';
import { liveRoutes } from '@/features/live/routes';

/** The live board (`/live`): stations by state, the charges running now, the open incidents, updated live. */
export const liveFeature: TFeature = { routes: liveRoutes, menu: ['live'] };
