import type { TFeature } from '@/app/feature';
import { accountsRoutes, profileRoutes } from '@/features/accounts/routes';

export const accountsFeature: TFeature = { routes: [accountsRoutes, profileRoutes], menu: ['accounts'] };
