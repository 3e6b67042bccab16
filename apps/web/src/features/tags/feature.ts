import type { TFeature } from '@/app/feature';
import { tagsRoutes } from '@/features/tags/routes';

export const tagsFeature: TFeature = { routes: [tagsRoutes], menu: ['tags'] };
