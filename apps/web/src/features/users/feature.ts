import type { TFeature } from '@/app/feature';
import { usersRoutes } from '@/features/users/routes';

export const usersFeature: TFeature = { routes: usersRoutes, menu: ['users', 'extractBalance'] };
