import type { TFeature } from '@/app/feature';
import { infrastructureRoutes } from '@/features/infrastructure/routes';

export const infrastructureFeature: TFeature = { routes: [infrastructureRoutes], menu: ['infrastructure'] };
