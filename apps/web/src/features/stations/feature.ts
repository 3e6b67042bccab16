import type { TFeature } from '@/app/feature';
import { stationFormRoutes } from '@/features/stations/form/routes';
import { stationInfoRoutes } from '@/features/stations/info/routes';

export const stationsFeature: TFeature = { routes: [...stationFormRoutes, ...stationInfoRoutes], menu: [] };
