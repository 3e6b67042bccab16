import type { TFeature } from '@/app/feature';
import { bannersRoutes } from '@/features/banners/routes';

/** Banners and fullscreens of the drivers' app: the list with its four tabs and the two forms. */
export const bannersFeature: TFeature = { routes: bannersRoutes, menu: ['banners'] };
