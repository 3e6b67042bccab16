import type { TFeature } from '@/app/feature';
import { settingsRoutes } from '@/features/settings/routes';

export const settingsFeature: TFeature = { routes: [settingsRoutes], menu: ['settings'] };
