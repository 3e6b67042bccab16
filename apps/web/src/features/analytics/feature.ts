import type { TFeature } from '@/app/feature';
import { analyticsRoutes } from '@/features/analytics/routes';

/** The home dashboard (`/`: figures, charts, news timeline) and the heat map (`/heat-map`). */
export const analyticsFeature: TFeature = { routes: analyticsRoutes, menu: ['dashboard', 'heatMap'] };
