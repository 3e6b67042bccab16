import type { TFeature } from '@/app/feature';
import { accountsRoutes } from '@/features/accounts/routes';

export const accountsFeature: TFeature = { routes: [accountsRoutes], menu: ['accounts'] };
