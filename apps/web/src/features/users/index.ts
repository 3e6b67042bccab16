import type { TFeature } from '@/app/feature';
import { usersRoutes } from '@/features/users/routes';

export const usersFeature: TFeature = { routes: usersRoutes, menu: ['users', 'extractBalance'] };

// What other features may use of users: the query keys (a charge's stop or a promotion moves a balance).
export { userKeys } from '@/features/users/api';
