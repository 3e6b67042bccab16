import type { RouteObject } from 'react-router';
import type { TMenuItemKey } from '@/app/layout/menu';

/**
 * What a screen-bearing feature tells the app (its `feature.ts` exports one, apart from its `index.ts`): the routes of its screens, each lazy so
 * that the entry carries none of them, and the menu items those screens fill. A menu item that no feature fills
 * shows 'This section is being prepared'.
 */
export interface TFeature {
  routes: RouteObject[];
  menu: readonly TMenuItemKey[];
}
