import type { TFeature } from '@/app/feature';
import { uptimeRoutes } from '@/features/uptime/routes';

export const uptimeFeature: TFeature = { routes: uptimeRoutes, menu: ['uptime'] };
